import { describe, expect, it } from 'vitest';
import { gridContours } from './grid-contours.js';

// Separate from grid-contours.test.ts so that the file's other tests are untouched.
describe('gridContours on a grid that is no grid', () => {
  it.each([
    ['1e308 columns and no rows', { west: 113, south: 23, cellDeg: 0.1, cols: 1e308, rows: 0 }],
    ['NaN columns', { west: 113, south: 23, cellDeg: 0.1, cols: Number.NaN, rows: 2 }],
    ['a cell size of 0', { west: 113, south: 23, cellDeg: 0, cols: 1, rows: 1 }],
  ])('refuses %s with a RangeError instead of contouring for ever', (_name, grid) => {
    const values = Number.isSafeInteger(grid.cols * grid.rows)
      ? new Array(grid.cols * grid.rows).fill(1)
      : [];
    expect(() => gridContours(grid, values, [Number.NEGATIVE_INFINITY, 0.5])).toThrow(RangeError);
  });

  it('leaves out thresholds that are not finite numbers', () => {
    const grid = { west: 0, south: 0, cellDeg: 1, cols: 3, rows: 3 };
    const bands = gridContours(
      grid,
      [0, 0, 0, 0, 1, 0, 0, 0, 0],
      [Number.NaN, Number.NEGATIVE_INFINITY, 0.5],
    );
    expect(bands.map((b) => b.value)).toEqual([0.5]);
  });
});
