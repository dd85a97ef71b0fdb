import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointInPolygons } from '../regions/region-index.js';
import { PolygonMask } from './polygon-mask.js';

const flat = (ring: [number, number][]) => Float64Array.from(ring.flat());
// A C-shaped polygon with a hole in its top arm, and a separate island.
const SHAPE = [
  [
    flat([
      [0, 0],
      [10, 0],
      [10, 2],
      [2, 2],
      [2, 8],
      [10, 8],
      [10, 10],
      [0, 10],
      [0, 0],
    ]),
    flat([
      [4, 8.5],
      [6, 8.5],
      [6, 9.5],
      [4, 9.5],
      [4, 8.5],
    ]),
  ],
  [
    flat([
      [20, 20],
      [21, 20],
      [20.5, 21.7],
      [20, 20],
    ]),
  ],
];

describe('PolygonMask', () => {
  it.each([
    { point: [1, 5], want: true },
    { point: [5, 5], want: false },
    { point: [5, 9], want: false },
    { point: [5, 8.2], want: true },
    { point: [20.5, 20.5], want: true },
    { point: [15, 15], want: false },
    { point: [-1, 5], want: false },
  ])('$point → $want', ({ point, want }) => {
    expect(new PolygonMask(SHAPE, 2_000).contains(point[0] as number, point[1] as number)).toBe(want);
  });

  it('agrees with the ray cast everywhere, at any grid size', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 23, noNaN: true }),
        fc.double({ min: -2, max: 23, noNaN: true }),
        fc.integer({ min: 1, max: 100_000 }),
        (lon, lat, cells) =>
          new PolygonMask(SHAPE, cells).contains(lon, lat) === pointInPolygons(lon, lat, SHAPE),
      ),
      { numRuns: 3000 },
    );
  });
});
