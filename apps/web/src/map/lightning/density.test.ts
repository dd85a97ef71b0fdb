import { describe, expect, it } from 'vitest';
import { densityBbox, densityResolution, densitySums } from './density';

describe('density grid', () => {
  it('asks for coarser cells when zoomed out and finer ones when zoomed in', () => {
    expect([0, 3, 4, 5, 6, 7, 8, 9, 12].map(densityResolution)).toEqual([
      1, 1, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01, 0.01,
    ]);
  });

  it('grows and snaps the requested area so small pans reuse it, within the world', () => {
    const view = { west: 112.3, south: 22.1, east: 114.1, north: 23.4 };
    const bbox = densityBbox(view, 0.05);
    expect(bbox).toEqual({ west: 111.2, south: 21.2, east: 115.2, north: 24.4 });
    expect(densityBbox({ ...view, west: 112.4, east: 114.2 }, 0.05)).toEqual(bbox);
    expect(densityBbox({ west: -200, south: -89, east: 200, north: 89 }, 1)).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
  });

  it('sums each cell over the hours up to the cursor', () => {
    const cells = [
      { hour: '2025-07-01T06:00:00.000Z', lat: 23, lon: 113, count: 4 },
      { hour: '2025-07-01T07:00:00.000Z', lat: 23, lon: 113, count: 6 },
      { hour: '2025-07-01T07:00:00.000Z', lat: 23.5, lon: 113, count: 1 },
    ];
    expect(densitySums(cells, Date.parse('2025-07-01T08:00:00Z'))).toEqual([
      { lat: 23, lon: 113, count: 10 },
      { lat: 23.5, lon: 113, count: 1 },
    ]);
    expect(densitySums(cells, Date.parse('2025-07-01T06:30:00Z'))).toEqual([{ lat: 23, lon: 113, count: 4 }]);
    expect(cells[0]?.count).toBe(4);
  });
});
