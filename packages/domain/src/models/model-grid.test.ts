import { describe, expect, it } from 'vitest';
import { type Bbox, gridOver, MAX_GRID_CELLS } from './model-grid.js';

/**
 * A box whose corners can be read only so many times: a loop that goes on reading them (the doubling loop
 * of gridOver on a NaN box did, for ever) fails the test instead of hanging the suite.
 */
function readLimited(box: Bbox, reads = 10_000): Bbox {
  let left = reads;
  return new Proxy(box, {
    get(target, key, receiver) {
      if (--left < 0) throw new Error('gridOver kept reading the box: it does not terminate');
      return Reflect.get(target, key, receiver);
    },
  });
}

const BOX: Bbox = { west: 113, south: 22, east: 114, north: 23 };

describe('gridOver on a box or cell size it cannot grid', () => {
  it.each([
    ['a NaN west', { ...BOX, west: Number.NaN }],
    ['a NaN north', { ...BOX, north: Number.NaN }],
    ['NaN corners', { west: Number.NaN, south: Number.NaN, east: Number.NaN, north: Number.NaN }],
    ['an infinite east', { ...BOX, east: Number.POSITIVE_INFINITY }],
    ['an infinite south', { ...BOX, south: Number.NEGATIVE_INFINITY }],
  ])('refuses %s with a RangeError naming the box', (_name, box) => {
    expect(() => gridOver(readLimited(box), 0.05)).toThrow(RangeError);
    expect(() => gridOver(readLimited(box), 0.05)).toThrow(/box/);
  });

  it.each([
    ['NaN', Number.NaN],
    ['0', 0],
    ['-0.1', -0.1],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses a cell size of %s with a RangeError naming the cell size', (_name, cellDeg) => {
    expect(() => gridOver(readLimited(BOX), cellDeg)).toThrow(/cell size/);
  });

  it('refuses a cell budget that is not a positive whole number', () => {
    expect(() => gridOver(readLimited(BOX), 0.05, 0)).toThrow(RangeError);
    expect(() => gridOver(readLimited(BOX), 0.05, Number.NaN)).toThrow(RangeError);
  });

  it('grids a huge box and a tiny cell within the budget in a bounded number of doublings', () => {
    const g = gridOver(readLimited({ west: -1e308, south: -1e308, east: 1e308, north: 1e308 }), 1e-300);
    expect(g.cols * g.rows).toBeLessThanOrEqual(MAX_GRID_CELLS);
    expect(g).toMatchObject({ west: -180, south: -90 });
  });

  it('answers a one-cell grid for an inverted box (east of west) instead of a negative one', () => {
    const g = gridOver(readLimited({ west: 10, south: 10, east: 5, north: 5 }), 1);
    expect(g).toMatchObject({ cols: 1, rows: 1 });
  });
});
