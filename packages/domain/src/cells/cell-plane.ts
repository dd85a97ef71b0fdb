import { EARTH_RADIUS_KM } from '../geo/geodesy.js';

/**
 * Plane geometry of storm cells. A cell is measured on a plane of its own, the azimuthal equidistant
 * projection centred on it (x east, y north, km): distances and bearings from the centre are exact, and
 * within 100 km of it areas differ from the sphere's by under 0.01 %, so a cell is measured alike anywhere,
 * across the antimeridian or near a pole.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

/** A point on a plane, km. */
export type XY = [number, number];

const RAD = Math.PI / 180;

export interface LocalPlane {
  readonly centre: LatLon;
  toPlane(lat: number, lon: number): XY;
  /** Back to the globe; longitudes are unwrapped round the centre's (they may pass ±180 by a little). */
  toLatLon(x: number, y: number): LatLon;
}

export function localPlane(centre: LatLon): LocalPlane {
  const φ0 = centre.lat * RAD;
  const sin0 = Math.sin(φ0);
  const cos0 = Math.cos(φ0);
  return {
    centre,
    toPlane(lat, lon) {
      const φ = lat * RAD;
      const dλ = (lon - centre.lon) * RAD;
      const sinφ = Math.sin(φ);
      const cosφ = Math.cos(φ);
      const cosDλ = Math.cos(dλ);
      const cosC = Math.max(-1, Math.min(1, sin0 * sinφ + cos0 * cosφ * cosDλ));
      const c = Math.acos(cosC);
      const k = c < 1e-12 ? EARTH_RADIUS_KM : (EARTH_RADIUS_KM * c) / Math.sin(c);
      return [k * cosφ * Math.sin(dλ), k * (cos0 * sinφ - sin0 * cosφ * cosDλ)];
    },
    toLatLon(x, y) {
      const ρ = Math.hypot(x, y);
      if (ρ < 1e-12) return { lat: centre.lat, lon: centre.lon };
      const c = ρ / EARTH_RADIUS_KM;
      const sinC = Math.sin(c);
      const cosC = Math.cos(c);
      const lat = Math.asin(Math.max(-1, Math.min(1, cosC * sin0 + (y * sinC * cos0) / ρ))) / RAD;
      const dλ = Math.atan2(x * sinC, ρ * cos0 * cosC - y * sin0 * sinC) / RAD;
      return { lat, lon: centre.lon + dλ };
    },
  };
}

/** The normalised mean of the points' unit vectors: their centre on the globe, wherever they are. */
export function globeMean(points: readonly LatLon[]): LatLon {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of points) {
    const φ = p.lat * RAD;
    const λ = p.lon * RAD;
    x += Math.cos(φ) * Math.cos(λ);
    y += Math.cos(φ) * Math.sin(λ);
    z += Math.sin(φ);
  }
  return { lat: Math.atan2(z, Math.hypot(x, y)) / RAD, lon: Math.atan2(y, x) / RAD };
}

/** Signed area (shoelace), km²: positive for a counter-clockwise ring. The ring may or may not be closed. */
export function signedArea(ring: readonly XY[]): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as XY;
    const b = ring[i] as XY;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, not closed. */
export function convexHull(points: readonly XY[]): XY[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: XY[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower.at(-2) as XY, lower.at(-1) as XY, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: XY[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i] as XY;
    while (upper.length >= 2 && cross(upper.at(-2) as XY, upper.at(-1) as XY, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const DISC_SIDES = 12;

/**
 * The convex hull of the points grown by `km` in every direction (their Minkowski sum with a disc, the
 * disc drawn as a 12-gon circumscribing the circle): counter-clockwise, not closed.
 */
export function bufferedHull(points: readonly XY[], km: number): XY[] {
  const core = convexHull(points);
  if (km <= 0) return core;
  const r = km / Math.cos(Math.PI / DISC_SIDES);
  const out: XY[] = [];
  for (const [x, y] of core) {
    for (let k = 0; k < DISC_SIDES; k++) {
      const a = (2 * Math.PI * k) / DISC_SIDES;
      out.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
    }
  }
  return convexHull(out);
}

/** Whether a plane point is inside the ring (even-odd rule; closed or not). */
export function insideRing(ring: readonly XY[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as XY;
    const [xj, yj] = ring[j] as XY;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Rounds a coordinate to 5 decimals (about a metre): enough for a cell, and a third of the JSON. */
export function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

/** A plane ring as a closed GeoJSON ring of [lon, lat], counter-clockwise as RFC 7946 asks. */
export function ringToLonLat(plane: LocalPlane, ring: readonly XY[]): [number, number][] {
  const ccw = signedArea(ring) < 0 ? [...ring].reverse() : ring;
  const out = ccw.map(([x, y]): [number, number] => {
    const p = plane.toLatLon(x, y);
    return [round5(p.lon), round5(p.lat)];
  });
  if (out.length > 0) out.push(out[0] as [number, number]);
  return out;
}

/** A closed GeoJSON ring on the plane (the closing point dropped). */
export function ringToPlane(plane: LocalPlane, ring: readonly (readonly [number, number])[]): XY[] {
  const open = ring.length > 1 ? ring.slice(0, -1) : ring;
  return open.map(([lon, lat]) => plane.toPlane(lat, lon));
}
