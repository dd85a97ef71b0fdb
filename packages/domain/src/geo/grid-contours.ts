import { contours } from 'd3-contour';
import { type GridSpec, gridProblem } from '../models/model-grid.js';

/** One filled band of a grid: where the value is at least `value`, as [lon, lat] polygons. */
export interface GridContour {
  value: number;
  /** MultiPolygon coordinates: polygons of rings of [lon, lat]. */
  coordinates: [number, number][][][];
}

/** Five decimals of a degree: about a metre, far below any grid cell, and short in JSON. */
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * The areas where a grid's values reach each threshold (marching squares, d3-contour, with linear
 * interpolation), turned from grid units to longitude and latitude. Thresholds that no cell reaches give
 * no contour. Each band contains the higher ones: a map fills them in ascending order.
 */
export function gridContours(
  grid: GridSpec,
  values: ArrayLike<number>,
  thresholds: readonly number[],
): GridContour[] {
  // A grid of 1e308 columns and no rows has no values to mismatch, and once sent d3-contour on for ever.
  const problem = gridProblem(grid);
  if (problem) throw new RangeError(`gridContours: the grid is no grid: ${problem}`);
  if (values.length !== grid.cols * grid.rows) throw new Error('grid values do not match the grid size');
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > max) max = values[i] as number;
  const reached = thresholds.filter((t) => Number.isFinite(t) && t <= max);
  if (reached.length === 0) return [];
  // d3-contour reads values[i + j*n] at grid point ⟨i + 0.5, j + 0.5⟩: cell centres, rows from the south.
  const generator = contours().size([grid.cols, grid.rows]).thresholds(reached);
  const plain = Array.from(values);
  return generator(plain)
    .filter((c) => c.coordinates.length > 0)
    .map((c) => ({
      value: c.value,
      coordinates: c.coordinates.map((polygon) =>
        polygon.map((ring) =>
          ring.map(
            ([x, y]) =>
              [
                round(grid.west + (x as number) * grid.cellDeg),
                round(grid.south + (y as number) * grid.cellDeg),
              ] as [number, number],
          ),
        ),
      ),
    }));
}
