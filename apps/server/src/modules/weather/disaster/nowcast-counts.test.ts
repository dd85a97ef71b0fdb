import { compactPolygons, RegionIndex } from '@thunderwatch/domain/regions/region-index';
import type { CellFeature } from '@thunderwatch/shared/schemas/cells';
import { describe, expect, it } from 'vitest';
import { nowcastCounts } from './nowcast-counts.js';

const square = (w: number, s: number, e: number, n: number): [number, number][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const cities = new RegionIndex([
  {
    code: '440300',
    bbox: { west: 0, south: 0, east: 1, north: 1 },
    polygons: compactPolygons([[square(0, 0, 1, 1)]]),
  },
  {
    code: '440400',
    bbox: { west: 1, south: 0, east: 2, north: 1 },
    polygons: compactPolygons([[square(1, 0, 2, 1)]]),
  },
]);

/** A cell whose nowcast at each lead is the given square. */
const cell = (
  at: Record<number, [number, number, number, number]>,
  props: { jump?: boolean; cg?: number } = {},
) =>
  ({
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [square(5, 5, 6, 6)] },
    properties: {
      jump: props.jump ?? false,
      cg_rate_per_min: props.cg ?? 1,
      nowcast: Object.entries(at).map(([lead, [w, s, e, n]]) => ({
        lead_min: Number(lead),
        geometry: { type: 'Polygon', coordinates: [square(w, s, e, n)] },
      })),
    },
  }) as unknown as CellFeature;

describe('nowcastCounts', () => {
  it('counts the cells whose +30 and +60 min polygons reach each city, and the severe ones at +30', () => {
    const counts = nowcastCounts(
      [
        // Moving east: in the west city at +30, across the border at +60.
        cell(
          { 15: [0.1, 0.1, 0.2, 0.2], 30: [0.4, 0.4, 0.6, 0.6], 60: [0.9, 0.4, 1.1, 0.6] },
          { jump: true },
        ),
        // Very active, +30 in the east city.
        cell({ 30: [1.4, 0.4, 1.6, 0.6] }, { cg: 6 }),
        // Only its +15 reaches a city: not counted.
        cell({ 15: [0.5, 0.5, 0.6, 0.6], 30: [3, 3, 4, 4] }),
      ],
      cities,
    );
    expect(Object.fromEntries(counts)).toEqual({
      '440300': { cells_30: 1, severe_cells_30: 1, cells_60: 1 },
      '440400': { cells_30: 1, severe_cells_30: 1, cells_60: 1 },
    });
  });

  it('counts nothing without cells', () => {
    expect(nowcastCounts([], cities).size).toBe(0);
  });
});
