import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/geodesy.js';
import { coneRadiusKm, forecastCone } from './typhoon-cone.js';

describe('coneRadiusKm', () => {
  it.each([
    [0, 0],
    [12, 26 * 1.852],
    [18, ((26 + 41) / 2) * 1.852],
    [120, 196 * 1.852],
  ])('at +%s h is %s km', (h, km) => expect(coneRadiusKm(h)).toBeCloseTo(km, 6));

  it('keeps growing past the table', () => expect(coneRadiusKm(144)).toBeGreaterThan(coneRadiusKm(120)));
});

describe('forecastCone', () => {
  it('needs two centres', () => {
    expect(forecastCone([{ lat: 20, lon: 120, leadH: 0 }])).toBeNull();
  });

  it('encloses each centre and reaches out to its radius on either side of a westward track', () => {
    const points = [
      { lat: 20, lon: 125, leadH: 0 },
      { lat: 20, lon: 122, leadH: 24 },
      { lat: 21, lon: 119, leadH: 48 },
    ];
    const ring = forecastCone(points);
    if (!ring) throw new Error('no cone');
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // It starts at the current position (radius 0) ...
    expect(ring[0]).toEqual([125, 20]);
    // ... and ends in a half circle of the +48 h radius ahead of the last centre.
    const cap = ring.filter(([lon]) => lon < 119);
    expect(cap.length).toBeGreaterThan(5);
    for (const [lon, lat] of cap) expect(distanceKm(21, 119, lat, lon)).toBeCloseTo(coneRadiusKm(48), 0);
    // The +24 h centre lies between the two sides, each at the +24 h radius from it.
    const sides = ring.filter(([lon, lat]) => Math.abs(distanceKm(20, 122, lat, lon) - coneRadiusKm(24)) < 1);
    expect(sides.some(([, lat]) => lat > 20)).toBe(true);
    expect(sides.some(([, lat]) => lat < 20)).toBe(true);
  });
});
