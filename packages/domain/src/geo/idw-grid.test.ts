import { describe, expect, it } from 'vitest';
import { boxAroundPoints, idwGrid, interpolate } from './idw-grid.js';

const A = { lat: 23, lon: 113, value: 10 };
const B = { lat: 23, lon: 114, value: 20 };

describe('interpolate', () => {
  it.each([
    ['on a station, its value', [A, B], 23, 113, 10],
    ['midway, the mean', [A, B], 23, 113.5, 15],
    ['nearer A, nearer its value', [A, B], 23, 113.25, 11],
    ['no station in range', [A], 30, 113, null],
    ['no station at all', [], 23, 113, null],
  ])('%s', (_, points, lat, lon, expected) => {
    const v = interpolate(points, lat as number, lon as number, 2, 500);
    if (expected === null) expect(v).toBeNull();
    else expect(v).toBeCloseTo(expected as number, 1);
  });
});

describe('idwGrid', () => {
  it('fills cells from the north-west, row-major', () => {
    const g = idwGrid([A, B], { west: 113, east: 114, south: 22.5, north: 23.5 }, { cols: 2, rows: 1 });
    expect(g.values).toHaveLength(2);
    expect(g.values[0] as number).toBeLessThan(g.values[1] as number);
    // Symmetric about the middle.
    expect((g.values[0] as number) + (g.values[1] as number)).toBeCloseTo(30, 1);
  });

  it('refuses an empty grid', () => {
    expect(() => idwGrid([A], { west: 0, east: 1, south: 0, north: 1 }, { cols: 0, rows: 1 })).toThrow();
  });
});

describe('boxAroundPoints', () => {
  it('grows the extent and clamps it', () => {
    expect(boxAroundPoints([A, B], 1)).toEqual({ west: 112, east: 115, south: 22, north: 24 });
    expect(boxAroundPoints([{ lat: 89.8, lon: 179.9, value: 0 }])).toMatchObject({ north: 90, east: 180 });
    expect(boxAroundPoints([])).toBeNull();
  });
});
