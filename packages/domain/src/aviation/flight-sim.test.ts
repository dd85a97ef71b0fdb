import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/geodesy.js';
import { rangeProblem } from './aircraft-position.js';
import { simTraffic, ZGGG } from './flight-sim.js';

const T = Date.parse('2026-11-24T10:00:30Z');

describe('simTraffic', () => {
  it('flies ten or eleven movements at once, arrivals and departures, all within range checks', () => {
    const now = simTraffic(T);
    expect(now.length).toBeGreaterThanOrEqual(10);
    expect(now.length).toBeLessThanOrEqual(11);
    expect(new Set(now.map((p) => p.icao24)).size).toBe(now.length);
    for (const p of now) {
      expect(rangeProblem(p)).toBeNull();
      expect(p.icao24).toMatch(/^[0-9a-f]{6}$/);
      expect(p.callsign).toMatch(/^[A-Z0-9]{1,8}$/);
      expect(p.squawk).toMatch(/^[0-7]{4}$/);
      expect(distanceKm(p.lat, p.lon, ZGGG.lat, ZGGG.lon)).toBeLessThanOrEqual(120.5);
    }
    expect(new Set(now.map((p) => Math.sign(p.verticalRateMs ?? 0)))).toEqual(new Set([1, -1]));
  });

  it('is the same at the same time (a restart regenerates the same positions)', () => {
    expect(simTraffic(T)).toEqual(simTraffic(T));
  });

  it('brings an arrival closer to the airport and lower as time passes', () => {
    const a = simTraffic(T).find((p) => (p.verticalRateMs ?? 0) < 0);
    const later = simTraffic(T + 60_000).find((p) => p.icao24 === a?.icao24);
    const d = (p: typeof a) => distanceKm(p?.lat ?? 0, p?.lon ?? 0, ZGGG.lat, ZGGG.lon);
    expect(d(later)).toBeLessThan(d(a));
    expect(later?.altitudeM ?? 0).toBeLessThan(a?.altitudeM ?? 0);
  });
});
