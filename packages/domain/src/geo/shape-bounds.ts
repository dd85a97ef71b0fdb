/**
 * Lon/lat boxes that hold every point within a distance of a shape: what the spatial index stores, so a
 * stroke's box lookup can never miss a location in reach. Conservative by construction (see `extentBounds`).
 */
import { WGS84_A_KM, WGS84_F } from './geodesic.js';
import type { PolygonExtent } from './polygon-rings.js';
import { preparedPolygon, type ShapeGeometry } from './shape-distance.js';

/** [minLon, minLat, maxLon, maxLat] in degrees, minLon ≤ maxLon, within [-180, 180] × [-90, 90]. */
export type LonLatBox = [minLon: number, minLat: number, maxLon: number, maxLat: number];

const RAD = Math.PI / 180;
/** The smallest meridian radius of curvature (at the equator): a(1 − e²). */
const MERIDIAN_RADIUS_MIN_KM = WGS84_A_KM * (1 - WGS84_F * (2 - WGS84_F));
/** Rounding slack, about 0.1 mm. */
const SLACK_DEG = 1e-9;

export function shapeBounds(shape: ShapeGeometry, bufferKm: number): LonLatBox[] {
  if (shape.type === 'Point') {
    const [lon, lat] = shape.coordinates;
    const l = ((((lon + 180) % 360) + 360) % 360) - 180;
    return extentBounds({ lonMin: l, lonMax: l, latMin: lat, latMax: lat, pole: null }, bufferKm);
  }
  return extentBounds(preparedPolygon(shape.coordinates).extent, bufferKm);
}

/**
 * Any path of length d changes latitude by at most d / M_min (M ≥ a(1 − e²)), and longitude by at most
 * d / (a·cos φmax), since a parallel's radius N·cos φ ≥ a·cos φ and the path stays below φmax. A box that
 * reaches a pole covers every longitude; one that crosses ±180° is split in two.
 */
export function extentBounds(extent: PolygonExtent, bufferKm: number): LonLatBox[] {
  const dLat = bufferKm / MERIDIAN_RADIUS_MIN_KM / RAD + SLACK_DEG;
  const latLo = extent.latMin - dLat;
  const latHi = extent.latMax + dLat;
  if (extent.pole !== null || latHi >= 90 || latLo <= -90)
    return [[-180, Math.max(-90, latLo), 180, Math.min(90, latHi)]];
  const phiMax = Math.max(Math.abs(latLo), Math.abs(latHi));
  const dLon = bufferKm / (WGS84_A_KM * Math.cos(phiMax * RAD)) / RAD + SLACK_DEG;
  let lo = extent.lonMin - dLon;
  let hi = extent.lonMax + dLon;
  if (hi - lo >= 360) return [[-180, latLo, 180, latHi]];
  const shift = Math.floor((lo + 180) / 360) * 360;
  lo -= shift;
  hi -= shift;
  // A stroke's longitude may come as 180 or -180: both sides are covered.
  if (hi >= 180)
    return [
      [lo, latLo, 180, latHi],
      [-180, latLo, hi - 360, latHi],
    ];
  return [[lo, latLo, hi, latHi]];
}
