import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactPolygons, RegionIndex } from './region-index.js';
import { MaskedRegionLookup } from './region-masks.js';

// Two neighbours sharing a zigzag border, a third overlapping the second's box, and an island with a lake.
const regions = new RegionIndex(
  [
    {
      code: 'A',
      rings: [
        [
          [0, 0],
          [5, 0],
          [4, 2],
          [5, 4],
          [4, 6],
          [5, 8],
          [0, 8],
          [0, 0],
        ],
      ],
    },
    {
      code: 'B',
      rings: [
        [
          [5, 0],
          [10, 0],
          [10, 8],
          [5, 8],
          [4, 6],
          [5, 4],
          [4, 2],
          [5, 0],
        ],
      ],
    },
    {
      code: 'C',
      rings: [
        [
          [6, 1],
          [9, 1],
          [9, 3],
          [6, 3],
          [6, 1],
        ],
        [
          [7, 1.5],
          [8, 1.5],
          [8, 2.5],
          [7, 2.5],
          [7, 1.5],
        ],
      ],
    },
  ].map(({ code, rings }) => {
    const polygons = compactPolygons([rings as [number, number][][]]);
    return { code, polygons, bbox: { west: 0, south: 0, east: 10, north: 8 } };
  }),
);

describe('MaskedRegionLookup', () => {
  it('answers as the index does, everywhere', () => {
    const masked = new MaskedRegionLookup(regions, 500);
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 11, noNaN: true }),
        fc.double({ min: -1, max: 9, noNaN: true }),
        (lon, lat) => masked.lookup(lon, lat) === regions.lookup(lon, lat),
      ),
      { numRuns: 5000 },
    );
  });

  it.each([
    { at: [1, 1], want: 'A' },
    { at: [4.6, 2], want: 'B' },
    { at: [7.5, 2], want: 'B' },
    { at: [6.5, 2], want: 'B' },
    { at: [20, 2], want: null },
  ])('$at → $want', ({ at, want }) => {
    expect(new MaskedRegionLookup(regions).lookup(at[0] as number, at[1] as number)).toBe(want);
  });
});
