/**
 * The exact nearest point of one geodesic polygon edge to a stroke. Newton-like: step along the edge by
 * the projection of the geodesic towards the stroke onto the edge's direction; the fixed point is where
 * the two meet at a right angle, which is exactly where the distance is stationary. Starting from the
 * great-circle answer this takes one or two steps; golden-section search takes over if it ever stalls.
 */
import {
  type DirectResult,
  fastGeodesicDirect,
  fastGeodesicInverse,
  type InverseResult,
} from './fast-geodesic.js';
import { geodesicInverse, normaliseAzimuth } from './geodesic.js';
import { AZ_END, AZ_START, KM, LAT, LON, NEXT, rec } from './polygon-rings.js';

const RAD = Math.PI / 180;
/**
 * Once the foot of the perpendicular is within δ = 0.5 km along the edge, the distance to it is the
 * perpendicular component of the current one, d·|sin θ| (right-angled geodesic triangle): the error is
 * about d·δ²/(6R²), 1 mm for d = 1,000 km. The great-circle start is usually that close already.
 */
const FOOT_STEP_KM = 0.5;
const GOLDEN_TOLERANCE_KM = 1e-4;
/**
 * Golden-section steps at most: each keeps 0.618 of the interval, so 100 of them bring 20,000 km (half the
 * globe) to 1e-17 km. Only an edge of no finite length (NaN, Infinity) gets near it.
 */
const GOLDEN_MAX_STEPS = 100;
const MAX_STEPS = 12;

// The stroke under study, and its distances to vertices, shared by the two edges that meet at each (one
// polygon at a time: the domain is single-threaded). A vertex entry counts while its stamp is current.
let strokeLat = 0;
let strokeLon = 0;
let stamp = 0;
let vertexStamp = new Uint32Array(64);
let vertexKm = new Float64Array(64);
let vertexAzimuth = new Float64Array(64);
const along: DirectResult = { lat: 0, lon: 0, azimuthDeg: 0 };
const left: InverseResult = { km: 0, azimuthDeg: 0 };
const right: InverseResult = { km: 0, azimuthDeg: 0 };

/** A new stroke (or polygon): vertex distances remembered before no longer count. */
export function beginStroke(lat: number, lon: number, vertexCount: number): void {
  strokeLat = lat;
  strokeLon = lon;
  stamp = stamp === 0xffffffff ? 1 : stamp + 1;
  if (stamp === 1) vertexStamp.fill(0);
  if (vertexStamp.length < vertexCount) {
    const n = Math.max(vertexCount, vertexStamp.length * 2);
    vertexStamp = new Uint32Array(n);
    vertexKm = new Float64Array(n);
    vertexAzimuth = new Float64Array(n);
  }
}

/** Distance (km) from edge e of table t to the stroke, and the azimuth from the nearest point towards it. */
export function nearestOnEdge(t: Float64Array, e: number, startFraction: number, out: InverseResult): void {
  const o = solveEdge(t, e);
  const km = t[o + KM] as number;
  let s = startFraction * km;
  for (let k = 0; k < MAX_STEPS; k++) {
    const azimuthAlong = measure(t, e, s, out);
    const theta = (out.azimuthDeg - azimuthAlong) * RAD;
    const target = s + out.km * Math.cos(theta);
    const moved = Math.min(km, Math.max(0, target));
    // Held at a vertex: the distance to that vertex is the answer.
    if (moved === s) return;
    if (moved === target && Math.abs(target - s) < FOOT_STEP_KM) {
      const sin = Math.sin(theta);
      out.km *= Math.abs(sin);
      // The shortest geodesic meets the edge at a right angle.
      out.azimuthDeg = normaliseAzimuth(azimuthAlong + (sin >= 0 ? 90 : -90));
      return;
    }
    s = moved;
  }
  goldenSection(t, e, km, out);
}

/** Measures the point `s` km along edge e; returns the edge's forward azimuth there. */
function measure(t: Float64Array, e: number, s: number, out: InverseResult): number {
  const o = rec(e);
  if (s === 0) {
    vertex(t, e, out);
    return t[o + AZ_START] as number;
  }
  if (s === t[o + KM]) {
    vertex(t, t[o + NEXT] as number, out);
    return t[o + AZ_END] as number;
  }
  fastGeodesicDirect(t[o + LAT] as number, t[o + LON] as number, t[o + AZ_START] as number, s, along);
  fastGeodesicInverse(along.lat, along.lon, strokeLat, strokeLon, out);
  return along.azimuthDeg;
}

function vertex(t: Float64Array, i: number, out: InverseResult): void {
  if (vertexStamp[i] === stamp) {
    out.km = vertexKm[i] as number;
    out.azimuthDeg = vertexAzimuth[i] as number;
    return;
  }
  fastGeodesicInverse(t[rec(i) + LAT] as number, t[rec(i) + LON] as number, strokeLat, strokeLon, out);
  vertexStamp[i] = stamp;
  vertexKm[i] = out.km;
  vertexAzimuth[i] = out.azimuthDeg;
}

/** Record offset of edge e, its geodesic solved (exactly, with GeographicLib) on first use. */
function solveEdge(t: Float64Array, e: number): number {
  const a = rec(e);
  if (Number.isNaN(t[a + AZ_START])) {
    const b = rec(t[a + NEXT] as number);
    const [latA, lonA, latB, lonB] = [
      t[a + LAT] as number,
      t[a + LON] as number,
      t[b + LAT] as number,
      t[b + LON] as number,
    ];
    const forward = geodesicInverse(latA, lonA, latB, lonB);
    t[a + KM] = forward.km;
    t[a + AZ_END] = normaliseAzimuth(geodesicInverse(latB, lonB, latA, lonA).azimuthDeg + 180);
    t[a + AZ_START] = forward.azimuthDeg;
  }
  return a;
}

function goldenSection(t: Float64Array, e: number, km: number, out: InverseResult): void {
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = 0;
  let b = km;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  measure(t, e, c, left);
  measure(t, e, d, right);
  for (let step = 0; step < GOLDEN_MAX_STEPS && b - a > GOLDEN_TOLERANCE_KM; step++) {
    if (left.km <= right.km) {
      [b, d, right.km, right.azimuthDeg] = [d, c, left.km, left.azimuthDeg];
      c = b - ratio * (b - a);
      measure(t, e, c, left);
    } else {
      [a, c, left.km, left.azimuthDeg] = [c, d, right.km, right.azimuthDeg];
      d = a + ratio * (b - a);
      measure(t, e, d, right);
    }
  }
  const best = left.km <= right.km ? left : right;
  [out.km, out.azimuthDeg] = [best.km, best.azimuthDeg];
  for (const s of [0, km]) {
    measure(t, e, s, left);
    if (left.km < out.km) [out.km, out.azimuthDeg] = [left.km, left.azimuthDeg];
  }
}
