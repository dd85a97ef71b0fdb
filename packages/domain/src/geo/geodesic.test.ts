import { describe, expect, it } from 'vitest';
import { geodesicAreaKm2, geodesicDirect, geodesicEdge, geodesicInverse, type Position } from './geodesic.js';

const METRE = 0.001;

/** Angles compared on the circle: 359.9999999° and 0° are the same azimuth. */
function angleOff(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

// References: GeographicLib documentation examples (JFK→LHR, Wellington→Salamanca, Perth 20,000 km SW),
// cases from GeographicLib's GeodTest set (as in geographiclib-js's test suite), and closed forms for
// WGS84 (quarter meridian 10,001,965.729 m; 1° of the equator = a·π/180 = 111,319.491 m).
describe('geodesicInverse', () => {
  it.each([
    ['JFK → LHR', [40.6, -73.8, 51.6, -0.5], 5551.759400318679, 51.198882845579824],
    [
      'Wellington → Salamanca (nearly antipodal)',
      [-41.32, 174.81, 40.96, -5.5],
      19959.679267,
      161.06766998616,
    ],
    ['GeodTest 1', [35.60777, -139.44815, -11.17491, -69.95921], 8935.244560481831, 111.09874842956033],
    [
      'GeodTest 2 (lon past 180)',
      [55.52454, 106.05087, 77.03196, 197.18234],
      4105.086171392441,
      22.0200598809828,
    ],
    ['equator to pole', [0, 0, 90, 0], 10001.965729, 0],
    ['1° along the equator', [0, 10, 0, 11], 111.319491, 90],
    ['across the antimeridian, westwards', [0, -179.5, 0, 179.5], 111.319491, 270],
    ['same point', [22.3, 113.9, 22.3, 113.9], 0, 0],
  ])('%s', (_name, args, km, azimuth) => {
    const [lat1, lon1, lat2, lon2] = args as [number, number, number, number];
    const r = geodesicInverse(lat1, lon1, lat2, lon2);
    expect(Math.abs(r.km - km)).toBeLessThan(METRE);
    if (km > 0) expect(angleOff(r.azimuthDeg, azimuth)).toBeLessThan(1e-9);
    expect(r.azimuthDeg).toBeGreaterThanOrEqual(0);
    expect(r.azimuthDeg).toBeLessThan(360);
  });

  it('is symmetric in distance', () => {
    const ab = geodesicInverse(23.1, 113.3, 31.2, 121.5);
    const ba = geodesicInverse(31.2, 121.5, 23.1, 113.3);
    expect(Math.abs(ab.km - ba.km)).toBeLessThan(1e-9);
  });
});

describe('geodesicDirect', () => {
  it.each([
    ['Perth, 20,000 km south-west', [-32.06, 115.74, 225, 20000], [32.11195529, -63.95925278]],
    ['GeodTest 1', [35.60777, -139.44815, 111.09874842956033, 8935.244560481831], [-11.17491, -69.95921]],
    ['quarter meridian reaches the pole', [0, 30, 0, 10001.965729], [90, 30]],
  ])('%s', (_name, args, expected) => {
    const [lat, lon, azimuth, km] = args as [number, number, number, number];
    const [lat2, lon2] = expected as [number, number];
    const p = geodesicDirect(lat, lon, azimuth, km);
    // 1e-8° is about 1 mm.
    expect(Math.abs(p.lat - lat2)).toBeLessThan(1e-8);
    if (Math.abs(lat2) < 90) expect(angleOff(p.lon, lon2)).toBeLessThan(1e-8);
  });

  it('comes back to the start with the inverse', () => {
    for (const [azimuth, km] of [
      [0, 5],
      [45, 30],
      [200, 120],
      [315, 2500],
    ] as const) {
      const p = geodesicDirect(22.5, 113.9, azimuth, km);
      const r = geodesicInverse(22.5, 113.9, p.lat, p.lon);
      expect(Math.abs(r.km - km)).toBeLessThan(1e-9);
      expect(angleOff(r.azimuthDeg, azimuth)).toBeLessThan(1e-9);
    }
  });
});

describe('geodesicEdge', () => {
  it('walks along the geodesic between its ends', () => {
    const edge = geodesicEdge(40.6, -73.8, 51.6, -0.5);
    expect(Math.abs(edge.km - 5551.759400318679)).toBeLessThan(METRE);
    const end = edge.at(edge.km);
    expect(end.lat).toBeCloseTo(51.6, 9);
    expect(end.lon).toBeCloseTo(-0.5, 9);
    const start = edge.at(0);
    expect(start.azimuthDeg).toBeCloseTo(51.198882845579824, 9);
    const mid = edge.at(edge.km / 2);
    const toMid = geodesicInverse(40.6, -73.8, mid.lat, mid.lon);
    expect(Math.abs(toMid.km - edge.km / 2)).toBeLessThan(1e-9);
  });
});

// WGS84 ellipsoid area 4π·b²·(1/(1−e²) + atanh(e)/e)/2, computed here independently of GeographicLib.
const A = 6378.137;
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);
const ELLIPSOID_KM2 = 2 * Math.PI * A * A * (1 + ((1 - E2) / E) * Math.atanh(E));

const ring = (...pts: Position[]): Position[] => pts;

describe('geodesicAreaKm2', () => {
  it.each([
    ['octant: pole and two equator points', [ring([0, 90], [0, 0], [90, 0])], ELLIPSOID_KM2 / 8],
    ['same octant, clockwise and closed', [ring([0, 0], [0, 90], [90, 0], [0, 0])], ELLIPSOID_KM2 / 8],
    // GeographicLib test suite, Planimeter0.
    ['cap at 89° N', [ring([0, 89], [90, 89], [180, 89], [270, 89])], 24952.305678],
    ['diamond on the equator', [ring([-1, 0], [0, -1], [1, 0], [0, 1])], 24619.419146],
  ])('%s', (_name, polygon, km2) => {
    const area = geodesicAreaKm2(polygon as Position[][]);
    expect(Math.abs(area - km2)).toBeLessThan(1e-3);
  });

  it('subtracts holes', () => {
    const outer = ring([113, 22], [114, 22], [114, 23], [113, 23], [113, 22]);
    const hole = ring([113.2, 22.2], [113.4, 22.2], [113.4, 22.4], [113.2, 22.4], [113.2, 22.2]);
    const whole = geodesicAreaKm2([outer]);
    const holeOnly = geodesicAreaKm2([hole]);
    // A 1° square at 22.5° N: about 111.3 km × 102.8 km.
    expect(whole).toBeGreaterThan(11_300);
    expect(whole).toBeLessThan(11_500);
    expect(geodesicAreaKm2([outer, hole])).toBeCloseTo(whole - holeOnly, 6);
  });

  it('is the same across the antimeridian as anywhere else on the parallel', () => {
    const across = geodesicAreaKm2([ring([179.5, 10], [-179.5, 10], [-179.5, 11], [179.5, 11])]);
    const elsewhere = geodesicAreaKm2([ring([9.5, 10], [10.5, 10], [10.5, 11], [9.5, 11])]);
    expect(across).toBeCloseTo(elsewhere, 6);
    expect(across).toBeLessThan(13_000);
  });
});
