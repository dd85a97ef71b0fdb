/**
 * The table behind GeodesicPolygon: one Float64Array holding the extent and, per vertex, the vertex, the
 * edge that leaves it and that edge's geodesic (about 110 bytes per vertex). A stroke's distance reads it
 * in one sweep instead of chasing several allocations, which matters with 100,000 locations.
 */
import { isClosed, type Position, WGS84_F } from './geodesic.js';
import { EARTH_RADIUS_KM } from './geodesy.js';

const RAD = Math.PI / 180;

/** The table starts with latMin, latMax, lonMin, lonMax of the extent. */
export const HEADER = 4;
/**
 * Then one record per vertex i: unit vector, latitude, longitude unwrapped along its ring; the edge i →
 * NEXT: unit normal, great-circle arc (rad), deviation margin (rad); and, filled on first use, the edge's
 * azimuth at its start, length (km) and forward azimuth at its end.
 */
export const X = 0;
export const Y = 1;
export const Z = 2;
export const LAT = 3;
export const LON = 4;
export const NX = 5;
export const NY = 6;
export const NZ = 7;
export const ARC = 8;
export const DEV = 9;
export const NEXT = 10;
export const AZ_START = 11;
export const KM = 12;
export const AZ_END = 13;
export const STRIDE = 14;

export interface PolygonExtent {
  /** Unwrapped: lonMin in [-180, 180), lonMax may pass 180. Every longitude when a pole is inside. */
  lonMin: number;
  lonMax: number;
  latMin: number;
  latMax: number;
  /** The pole the outer ring goes around, if any. */
  pole: 'north' | 'south' | null;
}

export interface PolygonRings {
  table: Float64Array;
  vertexCount: number;
  /** Ray casting runs towards the north pole, so it starts from whether that pole is inside. */
  northPoleInside: boolean;
  extent: PolygonExtent;
  cap: { x: number; y: number; z: number; angle: number };
  centroid: { lat: number; lon: number };
}

/** Offset of vertex (and edge) i's record. */
export function rec(i: number): number {
  return HEADER + i * STRIDE;
}

/**
 * How far (radians) a geodesic edge strays from the great circle through its ends, mapped onto the sphere
 * by latitude and longitude: f·L²/(8R) measured over all latitudes and azimuths (worst at 45°). Four times
 * that plus 1 mm is the safety margin for every shortcut taken on the sphere.
 */
export function deviationRad(arcRad: number): number {
  const km = arcRad * EARTH_RADIUS_KM * 1.005;
  return ((WGS84_F * km * km) / (2 * EARTH_RADIUS_KM) + 1e-6) / EARTH_RADIUS_KM;
}

function wrap180(d: number): number {
  const r = d % 360;
  return r > 180 ? r - 360 : r <= -180 ? r + 360 : r;
}

/** Drops the closing vertex and repeated vertices. */
function cleanRing(ring: readonly Position[]): Position[] {
  const pts = isClosed(ring) ? ring.slice(0, -1) : ring.slice();
  const out: Position[] = [];
  for (const p of pts) {
    const prev = out[out.length - 1];
    if (prev === undefined || prev[0] !== p[0] || prev[1] !== p[1]) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

export function buildRings(coordinates: readonly (readonly Position[])[]): PolygonRings {
  const rings = coordinates.map(cleanRing);
  const outer = rings[0];
  if (outer === undefined || outer.length === 0) throw new RangeError('a polygon needs an outer ring');
  const count = rings.reduce((n, r) => n + r.length, 0);
  const t = new Float64Array(HEADER + count * STRIDE);
  let northPoleInside = false;
  let outerPole: PolygonExtent['pole'] = null;
  let base = 0;
  rings.forEach((ring, r) => {
    let lon = wrap180(ring[0]?.[0] ?? 0);
    let turn = 0;
    let latSum = 0;
    ring.forEach((p, k) => {
      if (k > 0) {
        const d = wrap180(p[0] - lon);
        turn += d;
        lon += d;
      }
      const o = rec(base + k);
      const phi = p[1] * RAD;
      t[o + X] = Math.cos(phi) * Math.cos(lon * RAD);
      t[o + Y] = Math.cos(phi) * Math.sin(lon * RAD);
      t[o + Z] = Math.sin(phi);
      t[o + LAT] = p[1];
      t[o + LON] = lon;
      t[o + NEXT] = k + 1 < ring.length ? base + k + 1 : base;
      t[o + AZ_START] = Number.NaN;
      latSum += p[1];
    });
    turn += wrap180((ring[0]?.[0] ?? 0) - lon);
    // A ring whose longitudes wind once round the globe goes around the pole on its side.
    if (Math.abs(turn) > 180) {
      const pole = latSum >= 0 ? 'north' : 'south';
      if (pole === 'north') northPoleInside = !northPoleInside;
      if (r === 0) outerPole = pole;
    }
    base += ring.length;
  });
  for (let i = 0; i < count; i++) setEdge(t, i);
  const extent = extentOf(t, outer.length, outerPole);
  t.set([extent.latMin, extent.latMax, extent.lonMin, extent.lonMax], 0);
  return {
    table: t,
    vertexCount: count,
    northPoleInside,
    extent,
    cap: capOf(t, outer.length),
    centroid: centroidOf(t, outer.length, outerPole),
  };
}

function setEdge(t: Float64Array, i: number): void {
  const a = rec(i);
  const b = rec(t[a + NEXT] as number);
  const [ax, ay, az] = [t[a + X] as number, t[a + Y] as number, t[a + Z] as number];
  const [bx, by, bz] = [t[b + X] as number, t[b + Y] as number, t[b + Z] as number];
  const cx = ay * bz - az * by;
  const cy = az * bx - ax * bz;
  const cz = ax * by - ay * bx;
  const len = Math.hypot(cx, cy, cz);
  const arc = Math.atan2(len, ax * bx + ay * by + az * bz);
  // A zero normal (one-vertex ring) makes every side test fall through to the exact geodesic.
  t[a + NX] = len > 0 ? cx / len : 0;
  t[a + NY] = len > 0 ? cy / len : 0;
  t[a + NZ] = len > 0 ? cz / len : 0;
  t[a + ARC] = arc;
  t[a + DEV] = deviationRad(arc);
}

/** Latitude range includes each edge's poleward bulge (the great circle's vertex, plus the deviation). */
function extentOf(t: Float64Array, n: number, pole: PolygonExtent['pole']): PolygonExtent {
  let lonMin = Number.POSITIVE_INFINITY;
  let lonMax = Number.NEGATIVE_INFINITY;
  let latMin = 90;
  let latMax = -90;
  for (let i = 0; i < n; i++) {
    const a = rec(i);
    const b = rec(t[a + NEXT] as number);
    lonMin = Math.min(lonMin, t[a + LON] as number);
    lonMax = Math.max(lonMax, t[a + LON] as number);
    const dev = (t[a + DEV] as number) / RAD;
    let hi = Math.max(t[a + LAT] as number, t[b + LAT] as number);
    let lo = Math.min(t[a + LAT] as number, t[b + LAT] as number);
    const top = Math.acos(Math.min(1, Math.abs(t[a + NZ] as number))) / RAD;
    if (topWithinArc(t, a, b, 1)) hi = Math.max(hi, top);
    if (topWithinArc(t, a, b, -1)) lo = Math.min(lo, -top);
    latMax = Math.max(latMax, hi + dev);
    latMin = Math.min(latMin, lo - dev);
  }
  latMax = Math.min(90, latMax);
  latMin = Math.max(-90, latMin);
  if (pole === 'north') return { lonMin: -180, lonMax: 180, latMin, latMax: 90, pole };
  if (pole === 'south') return { lonMin: -180, lonMax: 180, latMin: -90, latMax, pole };
  const shift = Math.floor((lonMin + 180) / 360) * 360;
  return { lonMin: lonMin - shift, lonMax: lonMax - shift, latMin, latMax, pole };
}

/** Whether the great circle's northernmost (sign 1) or southernmost (-1) point lies on the arc a → b. */
function topWithinArc(t: Float64Array, a: number, b: number, sign: number): boolean {
  const [nx, ny, nz] = [t[a + NX] as number, t[a + NY] as number, t[a + NZ] as number];
  // The pole direction minus its normal component, towards the requested pole.
  const vx = -nz * nx * sign;
  const vy = -nz * ny * sign;
  const vz = (1 - nz * nz) * sign;
  const [wx, wy, wz] = [t[a + X] as number, t[a + Y] as number, t[a + Z] as number];
  const [ex, ey, ez] = [t[b + X] as number, t[b + Y] as number, t[b + Z] as number];
  const pastW = vx * (ny * wz - nz * wy) + vy * (nz * wx - nx * wz) + vz * (nx * wy - ny * wx);
  const beforeE = vx * (ey * nz - ez * ny) + vy * (ez * nx - ex * nz) + vz * (ex * ny - ey * nx);
  return pastW > 0 && beforeE > 0;
}

function capOf(t: Float64Array, n: number): PolygonRings['cap'] {
  let [x, y, z] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    x += t[rec(i) + X] as number;
    y += t[rec(i) + Y] as number;
    z += t[rec(i) + Z] as number;
  }
  const len = Math.hypot(x, y, z);
  if (len < 1e-9) return { x: 0, y: 0, z: 1, angle: Math.PI };
  [x, y, z] = [x / len, y / len, z / len];
  const reach = (o: number) =>
    Math.acos(
      Math.max(
        -1,
        Math.min(1, x * (t[o + X] as number) + y * (t[o + Y] as number) + z * (t[o + Z] as number)),
      ),
    );
  let angle = 0;
  for (let i = 0; i < n; i++) {
    const a = rec(i);
    const b = rec(t[a + NEXT] as number);
    angle = Math.max(
      angle,
      Math.max(reach(a), reach(b)) + (t[a + ARC] as number) / 2 + (t[a + DEV] as number),
    );
  }
  // Past a hemisphere the polygon need not lie inside its boundary's cap.
  return { x, y, z, angle: angle > Math.PI / 2 ? Math.PI : angle };
}

/** Area centroid in unwrapped lon/lat (plenty for a bearing from inside); the pole for a polar cap. */
function centroidOf(t: Float64Array, n: number, pole: PolygonExtent['pole']): { lat: number; lon: number } {
  if (pole) return { lat: pole === 'north' ? 90 : -90, lon: 0 };
  // Relative to the first vertex, so that longitudes near ±180 lose no precision.
  const x00 = t[rec(0) + LON] as number;
  const y00 = t[rec(0) + LAT] as number;
  let [area, cx, cy, mx, my] = [0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const a = rec(i);
    const b = rec(i + 1 < n ? i + 1 : 0);
    const x0 = (t[a + LON] as number) - x00;
    const y0 = (t[a + LAT] as number) - y00;
    const x1 = (t[b + LON] as number) - x00;
    const y1 = (t[b + LAT] as number) - y00;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
    mx += x0;
    my += y0;
  }
  const [lon, lat] = Math.abs(area) > 1e-12 ? [cx / (3 * area), cy / (3 * area)] : [mx / n, my / n];
  return { lat: lat + y00, lon: wrap180(lon + x00) };
}
