import { describe, expect, it } from 'vitest';
import { bearingDeg, distanceKm } from '../geo/geodesy.js';
import { nowcastBufferKm, nowcastCell, nowcastScale } from './cell-nowcast.js';
import { globeMean, localPlane, ringToLonLat, ringToPlane, signedArea, type XY } from './cell-plane.js';

const centroid = { lat: 30, lon: 114 };
const plane = localPlane(centroid);
/** A 10 × 10 km square round the centroid. */
const square: XY[] = [
  [-5, -5],
  [5, -5],
  [5, 5],
  [-5, 5],
];
const ring = ringToLonLat(plane, square);

function centreOf(r: [number, number][]) {
  return globeMean(r.slice(0, -1).map(([lon, lat]) => ({ lat, lon })));
}
function areaOf(r: [number, number][]) {
  return signedArea(ringToPlane(localPlane(centreOf(r)), r));
}

describe('nowcastCell', () => {
  it.each([
    { direction: 90, speed: 40, leads: [15, 30, 60], km: [10, 20, 40] },
    { direction: 225, speed: 60, leads: [15, 30, 60], km: [15, 30, 60] },
    { direction: 0, speed: 20, leads: [30], km: [10] },
  ])('moves the outline $speed km/h towards $direction°', ({ direction, speed, leads, km }) => {
    const casts = nowcastCell(
      { centroid, ring, motion: { speed_kmh: speed, direction_deg: direction }, trend: 'steady' },
      leads,
    );
    expect(casts.map((c) => c.lead_min)).toEqual(leads);
    casts.forEach((c, i) => {
      const r = c.geometry.coordinates[0] as [number, number][];
      expect(r[0]).toEqual(r.at(-1));
      const at = centreOf(r);
      expect(distanceKm(centroid.lat, centroid.lon, at.lat, at.lon)).toBeCloseTo(km[i] as number, 0);
      expect(
        Math.abs(((bearingDeg(centroid.lat, centroid.lon, at.lat, at.lon) - direction + 540) % 360) - 180),
      ).toBeLessThan(1);
      // Counter-clockwise, as GeoJSON asks.
      expect(areaOf(r)).toBeGreaterThan(0);
    });
  });

  it('grows with lead time (a cone), and stays in place without motion', () => {
    const casts = nowcastCell({ centroid, ring, motion: null, trend: 'steady' });
    const areas = casts.map((c) => areaOf(c.geometry.coordinates[0] as [number, number][]));
    expect(areas[0]).toBeGreaterThan(100);
    expect(areas[1]).toBeGreaterThan(areas[0] as number);
    expect(areas[2]).toBeGreaterThan(areas[1] as number);
    for (const c of casts) {
      const at = centreOf(c.geometry.coordinates[0] as [number, number][]);
      expect(distanceKm(centroid.lat, centroid.lon, at.lat, at.lon)).toBeLessThan(0.1);
    }
    // A 10 km square buffered by b has area 100 + 40b + πb² (the 12-gon a little more).
    const b = nowcastBufferKm(60, 0);
    expect(areas[2]).toBeGreaterThan(100 + 40 * b + Math.PI * b * b);
    expect(areas[2]).toBeLessThan(100 + 40 * b * 1.04 + 3.3 * b * b);
  });

  it.each([
    { trend: 'growing' as const, scale: 1.25 },
    { trend: 'steady' as const, scale: 1 },
    { trend: 'decaying' as const, scale: 0.75 },
  ])('scales a $trend cell by $scale at +60 min', ({ trend, scale }) => {
    expect(nowcastScale(60, trend)).toBeCloseTo(scale, 9);
    const [cast] = nowcastCell({ centroid, ring, motion: null, trend }, [60]);
    const b = nowcastBufferKm(60, 0);
    const side = 10 * scale;
    const area = areaOf(cast?.geometry.coordinates[0] as [number, number][]);
    expect(area).toBeGreaterThan(side * side + 4 * side * b + Math.PI * b * b);
    expect(area).toBeLessThan(side * side + 4 * side * b * 1.04 + 3.3 * b * b);
  });
});
