import { describe, expect, it } from 'vitest';
import { flightNumbers, HazardIndex } from './flight-hazard.js';

const T = Date.parse('2026-11-24T10:00:00Z');
// A square cell about 11 km a side north of Baiyun.
const cell = {
  id: 'c1',
  ring: [
    [113.25, 23.5],
    [113.35, 23.5],
    [113.35, 23.6],
    [113.25, 23.6],
    [113.25, 23.5],
  ],
};
const strokes = [{ lat: 23.0, lon: 113.0, timeMs: T - 60_000 }];

describe('HazardIndex', () => {
  const index = new HazardIndex(strokes, [cell]);
  it.each([
    ['inside the cell', 23.55, 113.3, T, 'inside', 0, 'c1'],
    ['5.6 km south of the cell', 23.45, 113.3, T, 'near', 5.56, 'c1'],
    ['15 km south of the cell', 23.365, 113.3, T, 'none', null, null],
    ['2 km from a stroke a minute old', 23.018, 113.0, T, 'near', 2, null],
    ['2 km from a stroke 6 minutes old', 23.018, 113.0, T + 5 * 60_000, 'none', null, null],
    ['2 km from a stroke not yet struck', 23.018, 113.0, T - 2 * 60_000, 'none', null, null],
  ])('%s', (_, lat, lon, time, hazard, km, cellId) => {
    const r = index.classify(lat, lon, time);
    expect(r.hazard).toBe(hazard);
    if (km === null) expect(r.distanceKm).toBeNull();
    else expect(r.distanceKm).toBeCloseTo(km, 1);
    expect(r.cellId).toBe(cellId);
  });

  it('finds a stroke across a bucket edge at a high latitude', () => {
    const north = new HazardIndex([{ lat: 60.0, lon: 10.0, timeMs: T }], []);
    expect(north.classify(60.0, 10.17, T).hazard).toBe('near');
    expect(north.classify(60.0, 10.19, T).hazard).toBe('none');
  });
});

describe('flightNumbers', () => {
  it('starts a new flight after 30 minutes without contact', () => {
    const m = 60_000;
    expect(flightNumbers([0, 10 * m, 40 * m, 71 * m, 72 * m])).toEqual([0, 0, 0, 1, 1]);
  });
});
