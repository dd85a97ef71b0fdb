import type { NearAircraft } from '@thunderwatch/shared/schemas/flights';
import { describe, expect, it } from 'vitest';
import { altitudeText, aviationRows, hazardCounts } from './aviation-view';

const plane = (icao24: string, hazard: NearAircraft['hazard'], distance_km: number): NearAircraft => ({
  icao24,
  callsign: null,
  time: '2026-11-24T06:00:00Z',
  lat: 23,
  lon: 113,
  altitude_m: 1234,
  on_ground: false,
  speed_ms: 100,
  track_deg: 90,
  vertical_rate_ms: 0,
  squawk: null,
  hazard,
  hazard_km: null,
  cell_id: null,
  distance_km,
});

describe('aviation view', () => {
  const items = [
    plane('a', 'none', 3),
    plane('b', 'near', 20),
    plane('c', 'inside', 40),
    plane('d', 'near', 5),
  ];

  it('lists inside first, then near, then clear, nearest first within each', () => {
    expect(aviationRows(items).map((a) => a.icao24)).toEqual(['c', 'd', 'b', 'a']);
    expect(aviationRows(items, 2).map((a) => a.icao24)).toEqual(['c', 'd']);
  });

  it('counts hazards', () => {
    expect(hazardCounts(items)).toEqual({ none: 1, near: 2, inside: 1 });
  });

  it.each([
    [1234, false, '1230'],
    [null, false, null],
    [100, true, null],
  ])('altitude %j (ground %j) reads %j', (altitude_m, on_ground, text) => {
    expect(altitudeText({ altitude_m, on_ground })).toBe(text);
  });
});
