import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.js';
import {
  type DirectResult,
  fastGeodesicDirect,
  fastGeodesicInverse,
  fastGeodesicInverseReduced,
  type InverseResult,
  setReducedLatitude,
} from './fast-geodesic.js';
import { geodesicDirectWithAzimuth, geodesicInverse } from './geodesic.js';

const angleOff = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('fastGeodesicInverse', () => {
  it.each([
    ['JFK → LHR (long: GeographicLib)', [40.6, -73.8, 51.6, -0.5]],
    ['30 km in Guangzhou', [23.13, 113.26, 23.3, 113.45]],
    ['along the equator', [0, 10, 0, 10.3]],
    ['along a meridian', [45, 7, 45.2, 7]],
    ['across the antimeridian', [-16.5, 179.9, -16.4, -179.8]],
    ['near the north pole', [89.9, 0, 89.95, 120]],
    ['from the pole itself', [90, 0, 89.8, 45]],
    ['coincident points', [22.3, 114.2, 22.3, 114.2]],
    ['1 m apart', [22.3, 114.2, 22.300009, 114.2]],
  ])('%s matches GeographicLib', (_name, args) => {
    const [lat1, lon1, lat2, lon2] = args as [number, number, number, number];
    const out: InverseResult = { km: 0, azimuthDeg: 0 };
    fastGeodesicInverse(lat1, lon1, lat2, lon2, out);
    const exact = geodesicInverse(lat1, lon1, lat2, lon2);
    expect(Math.abs(out.km - exact.km)).toBeLessThan(5e-6);
    if (exact.km > 0.1) expect(angleOff(out.azimuthDeg, exact.azimuthDeg)).toBeLessThan(1e-3);
  });

  it('agrees with GeographicLib to millimetres on random lines up to ~2,500 km', () => {
    const r = createRandom('inverse');
    const out: InverseResult = { km: 0, azimuthDeg: 0 };
    let worstKm = 0;
    for (let i = 0; i < 5000; i++) {
      const lat1 = r.uniform(-89.99, 89.99);
      const lon1 = r.uniform(-180, 180);
      const spread = [0.01, 0.3, 1, 5, 20][i % 5] as number;
      const lat2 = Math.max(-90, Math.min(90, lat1 + r.uniform(-spread, spread)));
      const lon2 = lon1 + r.uniform(-spread, spread) * 2;
      fastGeodesicInverse(lat1, lon1, lat2, lon2, out);
      const exact = geodesicInverse(lat1, lon1, lat2, lon2);
      worstKm = Math.max(worstKm, Math.abs(out.km - exact.km));
      // The azimuth comes from the λ before the last (≤ 5e-10 rad) step: ~1e-4° at 1 km, less further out.
      if (exact.km > 1) expect(angleOff(out.azimuthDeg, exact.azimuthDeg)).toBeLessThan(1e-3);
    }
    expect(worstKm).toBeLessThan(5e-6);
  });

  it('gives the same answer from precomputed reduced latitudes', () => {
    const reduced = new Float64Array(4);
    setReducedLatitude(31.2, reduced, 0);
    setReducedLatitude(31.5, reduced, 2);
    const a: InverseResult = { km: 0, azimuthDeg: 0 };
    const b: InverseResult = { km: 0, azimuthDeg: 0 };
    fastGeodesicInverse(31.2, 121.5, 31.5, 121.2, a);
    const [s1, c1, s2, c2] = reduced as unknown as [number, number, number, number];
    fastGeodesicInverseReduced(31.2, 121.5, s1, c1, 31.5, 121.2, s2, c2, b);
    expect(b).toEqual(a);
  });
});

describe('fastGeodesicDirect', () => {
  it('lands within a millimetre of GeographicLib, with the same azimuth there', () => {
    const r = createRandom('direct');
    const out: DirectResult = { lat: 0, lon: 0, azimuthDeg: 0 };
    for (let i = 0; i < 3000; i++) {
      const lat = r.uniform(-89.99, 89.99);
      const lon = r.uniform(-180, 180);
      const azimuth = r.uniform(0, 360);
      const km = ([0.001, 1, 30, 300, 5000][i % 5] as number) * r.next();
      fastGeodesicDirect(lat, lon, azimuth, km, out);
      const exact = geodesicDirectWithAzimuth(lat, lon, azimuth, km);
      expect(geodesicInverse(out.lat, out.lon, exact.lat, exact.lon).km).toBeLessThan(1e-6);
      expect(angleOff(out.azimuthDeg, exact.azimuthDeg)).toBeLessThan(1e-5);
    }
  });
});
