import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/geodesy.js';
import { closestApproach, galeRadiusKm, insideGale, TyphoonLocationIndex } from './typhoon-approach.js';
import type { TyphoonPoint } from './typhoon-track.js';

const H = 3_600_000;
// MAWAR at 2023-05-24 12 UTC with its 34-kt radii (bwp022023.dat, github.com/NRLMMD-GEOIPS/geoips @25da3a42).
const MAWAR: TyphoonPoint = {
  time: 0,
  lat: 13.8,
  lon: 144.7,
  pressureHpa: 940,
  windMs: 61.7,
  grade: 'SuperTY',
  radii: [{ kt: 34, neKm: 232, seKm: 222, swKm: 213, nwKm: 194 }],
};

describe('closestApproach', () => {
  const westward = [
    { time: 0, lat: 20, lon: 125 },
    { time: 24 * H, lat: 20, lon: 120 },
  ];
  it.each([
    ['a point beside the middle', 21, 122.5, 1 * 111.2, 12 * H],
    ['a point on the track', 20, 121, 0, 19.2 * H],
    ['a point behind the start', 20, 126, distanceKm(20, 126, 20, 125), 0],
    ['a point past the end', 20, 119, distanceKm(20, 119, 20, 120), 24 * H],
  ])('%s', (_what, lat, lon, km, time) => {
    const a = closestApproach(westward, lat, lon);
    expect(a.distanceKm).toBeCloseTo(km, 0);
    expect(a.time).toBeCloseTo(time, -5);
  });
});

describe('gale radius', () => {
  it.each([
    [45, 232],
    [135, 222],
    [225, 213],
    [315, 194],
    [360, 232],
  ])('towards %s° is %s km', (bearing, km) => expect(galeRadiusKm(MAWAR.radii, bearing)).toBe(km));

  it('tells a location inside the quadrant radius from one outside it', () => {
    // 2° north ≈ 222 km: inside the NE radius (232 km, bearing 0°); about 250 km to the NW: outside the NW one (194 km).
    expect(insideGale(MAWAR, 15.8, 144.7)).toBe(true);
    expect(insideGale(MAWAR, 15.5, 143.2)).toBe(false);
    expect(insideGale({ ...MAWAR, radii: [] }, 13.9, 144.7)).toBe(false);
  });
});

describe('TyphoonLocationIndex', () => {
  const index = new TyphoonLocationIndex([
    { id: 1, lat: 15.8, lon: 144.7 }, // inside the gale radius
    { id: 2, lat: 16.5, lon: 141.0 }, // near the forecast path, far from the centre now
    { id: 3, lat: 30, lon: 130 }, // far away
    { id: 4, lat: -13.8, lon: 144.7 }, // mirror image south: outside every box
  ]);
  const forecast = [
    { time: 12 * H, lat: 14.5, lon: 143.5 },
    { time: 24 * H, lat: 15.2, lon: 142 },
    { time: 48 * H, lat: 16.5, lon: 141 },
  ];

  it('finds the locations inside the gale radius or within the alert distance of the path', () => {
    const threats = index.threats(MAWAR, forecast, 100);
    expect([...threats.keys()].sort()).toEqual([1, 2]);
    expect(threats.get(1)?.insideGale).toBe(true);
    expect(threats.get(2)).toMatchObject({ insideGale: false, time: 48 * H });
    expect(threats.get(2)?.distanceKm).toBeCloseTo(0, 3);
  });

  it('with no forecast, measures from the current position only', () => {
    const threats = index.threats(MAWAR, [], 100);
    expect([...threats.keys()]).toEqual([1]);
    expect(threats.get(1)?.time).toBe(0);
  });
});
