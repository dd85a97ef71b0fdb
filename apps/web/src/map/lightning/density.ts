import type { DensityCell } from '@thunderwatch/shared/schemas/lightning';
import type { Bounds } from '../../lib/stroke-store';

/** Grid steps the density endpoint is asked for (degrees), coarse to fine. */
export const DENSITY_RESOLUTIONS = [1, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01] as const;
/** Target size of one cell on screen. */
const CELL_PX = 12;

/** The coarsest grid whose cells are no larger than ~12 px at this zoom (512 px world tiles). */
export function densityResolution(zoom: number): number {
  const wanted = (CELL_PX * 360) / (512 * 2 ** zoom);
  return DENSITY_RESOLUTIONS.find((r) => r <= wanted) ?? 0.01;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The area to ask for: the view grown by half its size and snapped outward to a grid of 8 cells, so small
 * pans reuse the answer already loaded. Longitudes are clamped to −180..180 (the API has no wrap-around).
 */
export function densityBbox(view: Bounds, resolution: number): Bounds {
  const step = resolution * 8;
  const padLon = (view.east - view.west) / 2;
  const padLat = (view.north - view.south) / 2;
  const snapDown = (v: number) => round(Math.floor(v / step) * step);
  const snapUp = (v: number) => round(Math.ceil(v / step) * step);
  return {
    west: Math.max(-180, snapDown(view.west - padLon)),
    south: Math.max(-90, snapDown(view.south - padLat)),
    east: Math.min(180, snapUp(view.east + padLon)),
    north: Math.min(90, snapUp(view.north + padLat)),
  };
}

export const bboxParam = (b: Bounds) => `${b.west},${b.south},${b.east},${b.north}`;

/** One cell of the grid: its south-west corner and its strokes. */
export interface DensitySum {
  lat: number;
  lon: number;
  count: number;
}

/** A density grid to draw: cells of `resolution` degrees. */
export interface DensityGrid {
  resolution: number;
  cells: readonly DensitySum[];
}

/** Cells summed over their hours up to `until` (the replay cursor). */
export function densitySums(cells: readonly DensityCell[], until: number): DensitySum[] {
  const sums = new Map<string, DensitySum>();
  for (const cell of cells) {
    if (Date.parse(cell.hour) > until) continue;
    const key = `${cell.lat},${cell.lon}`;
    const sum = sums.get(key);
    if (sum) sum.count += cell.count;
    else sums.set(key, { lat: cell.lat, lon: cell.lon, count: cell.count });
  }
  return [...sums.values()];
}
