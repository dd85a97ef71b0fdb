import { describe, expect, it } from 'vitest';
import { cellAt, cellCentre, gridOver, toPercent } from '../models/model-grid.js';
import { gridContours } from './grid-contours.js';

describe('gridOver', () => {
  it('snaps to whole cells and covers the box', () => {
    const g = gridOver({ west: 113.03, south: 22.97, east: 113.51, north: 23.49 }, 0.1);
    expect(g).toMatchObject({ west: 113, south: 22.9, cellDeg: 0.1 });
    expect(g.west + g.cols * g.cellDeg).toBeGreaterThanOrEqual(113.51);
    expect(g.south + g.rows * g.cellDeg).toBeGreaterThanOrEqual(23.49);
  });

  it('coarsens a grid that would be too large', () => {
    const g = gridOver({ west: 70, south: 0, east: 140, north: 55 }, 0.01, 100_000);
    expect(g.cols * g.rows).toBeLessThanOrEqual(100_000);
    expect(g.cellDeg).toBeCloseTo(0.32);
  });

  it('finds the cell of a point and the centre of a cell', () => {
    const g = gridOver({ west: 0, south: 0, east: 1, north: 1 }, 0.25);
    expect(cellAt(g, 0.6, 0.1)).toBe(2);
    expect(cellAt(g, 1.2, 0.1)).toBe(-1);
    expect(cellCentre(g, 2, 0)).toEqual([0.625, 0.125]);
  });

  it('stores values as whole percent', () => {
    expect([...toPercent(Float32Array.from([0, 0.004, 0.5, 1, 1.2, -1]))]).toEqual([0, 0, 50, 100, 100, 0]);
  });
});

describe('gridContours', () => {
  const g = gridOver({ west: 100, south: 20, east: 101, north: 21 }, 0.1);
  const values = new Array(g.cols * g.rows).fill(0);
  // A hot 3×3 block round (100.55, 20.55) with a hotter middle.
  for (let r = 4; r <= 6; r++) for (let c = 4; c <= 6; c++) values[r * g.cols + c] = 0.4;
  values[5 * g.cols + 5] = 0.9;

  it('draws nested bands in longitude and latitude round the hot cells', () => {
    const bands = gridContours(g, values, [0.1, 0.5, 0.95]);
    expect(bands.map((b) => b.value)).toEqual([0.1, 0.5]);
    const [low, high] = bands;
    const lons = (b: typeof low) => (b?.coordinates ?? []).flat(2).map(([lon]) => lon);
    const lats = (b: typeof low) => (b?.coordinates ?? []).flat(2).map(([, lat]) => lat);
    expect(Math.min(...lons(low))).toBeGreaterThan(100.3);
    expect(Math.max(...lons(low))).toBeLessThan(100.8);
    expect(Math.min(...lats(low))).toBeGreaterThan(20.3);
    // The higher band lies inside the lower.
    expect(Math.min(...lons(high))).toBeGreaterThan(Math.min(...lons(low)));
    expect(Math.max(...lats(high))).toBeLessThan(Math.max(...lats(low)));
    // Closed rings.
    for (const ring of (low?.coordinates ?? []).flat()) expect(ring[0]).toEqual(ring.at(-1));
  });

  it('gives nothing for an empty grid and refuses values of the wrong size', () => {
    expect(gridContours(g, new Array(g.cols * g.rows).fill(0), [0.1])).toEqual([]);
    expect(() => gridContours(g, [1, 2], [0.1])).toThrow();
  });
});
