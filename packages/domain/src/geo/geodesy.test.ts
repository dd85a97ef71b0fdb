import { describe, expect, it } from 'vitest';
import { bearingDeg, destinationPoint, distanceKm } from './geodesy.js';

// Oracle: mrk-its/homeassistant-blitzortung tests (1° of latitude or of longitude at the equator ≈ 111.2 km,
// azimuths 0/90/180/270); 1° on the mean-radius sphere is 2π·6371.0088/360 = 111.195 km.
describe('distanceKm', () => {
  it.each([
    ['1° north', [0, 0, 1, 0], 111.195],
    ['1° east on the equator', [0, 0, 0, 1], 111.195],
    ['1° east at 60° N (half)', [60, 0, 60, 1], 55.596],
    ['same point', [23.1, 113.3, 23.1, 113.3], 0],
    ['antipodes', [0, 0, 0, 180], 20015.115],
    ['across the date line', [0, 179.5, 0, -179.5], 111.195],
  ])('%s', (_name, args, km) => {
    const [a, b, c, d] = args as [number, number, number, number];
    expect(distanceKm(a, b, c, d)).toBeCloseTo(km, 1);
    expect(distanceKm(c, d, a, b)).toBeCloseTo(km, 1);
  });
});

describe('bearingDeg', () => {
  it.each([
    ['north', [0, 0, 1, 0], 0],
    ['east', [0, 0, 0, 1], 90],
    ['south', [0, 0, -1, 0], 180],
    ['west', [0, 0, 0, -1], 270],
    ['north-east on the equator', [0, 0, 1, 1], 44.996],
    ['west across the date line', [0, -179.5, 0, 179.5], 270],
  ])('%s', (_name, args, deg) => {
    const [a, b, c, d] = args as [number, number, number, number];
    expect(bearingDeg(a, b, c, d)).toBeCloseTo(deg, 2);
  });

  it('stays in [0, 360)', () => {
    for (let i = 0; i < 360; i += 7.5) {
      const p = destinationPoint(23, 113, i, 10);
      const b = bearingDeg(23, 113, p.lat, p.lon);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(360);
    }
  });
});

describe('destinationPoint', () => {
  it.each([
    [0, 5],
    [45, 12.5],
    [200, 30],
    [315, 250],
  ])('bearing %d°, %d km comes back as the same distance and bearing', (bearing, km) => {
    const p = destinationPoint(22.5, 113.9, bearing, km);
    expect(distanceKm(22.5, 113.9, p.lat, p.lon)).toBeCloseTo(km, 6);
    // Compare on the circle: a bearing of 0° may come back as 359.9999999°.
    const off = Math.abs(((bearingDeg(22.5, 113.9, p.lat, p.lon) - bearing + 540) % 360) - 180);
    expect(off).toBeLessThan(1e-6);
  });

  it('wraps longitude across the date line', () => {
    const p = destinationPoint(0, 179.9, 90, 111.195);
    expect(p.lon).toBeCloseTo(-179.1, 3);
  });
});
