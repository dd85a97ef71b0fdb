import type { RadarObject } from '../weather/radar-objects.js';
import { HULL_LIMITS } from './cell-hull.js';
import {
  insideRing,
  type LatLon,
  type LocalPlane,
  localPlane,
  ringToPlane,
  signedArea,
  type XY,
} from './cell-plane.js';

/** Plane geometry of radar objects as the cell tracker uses them (cell-sources.ts). */

/** About this many points are spread over a radar object for matching it to the step before. */
const SPREAD_POINTS = 100;
/** Lattice points along each side of a ring's box at most. */
const SPREAD_SIDE = 100;

export interface Echo {
  object: RadarObject;
  plane: LocalPlane;
  ring: XY[];
  areaKm2: number;
  radiusKm: number;
  /** Points spread over it, for matching. */
  points: LatLon[];
  /** Its lon/lat box (longitudes in −180…180), or null across the antimeridian. */
  box: Box | null;
}

/** west, south, east, north. */
export type Box = [number, number, number, number];

/**
 * An object measured on its plane. A frame serves the 5 or 6 steps until the next, with the same objects:
 * their measures are kept with them (a pure cache: the same object always gives the same measures).
 */
const echoes = new WeakMap<RadarObject, Echo>();

export function echoOf(object: RadarObject): Echo {
  let e = echoes.get(object);
  if (!e) {
    const plane = localPlane(object.centroid);
    const ring = ringToPlane(plane, object.ring);
    const areaKm2 = signedArea(ring);
    const [west, south, east, north] = boxOf(object.ring);
    const box: Box | null = west >= -180 && east < 180 ? [west, south, east, north] : null;
    e = { object, plane, ring, areaKm2, radiusKm: radiusOf(ring), points: spread(plane, ring, areaKm2), box };
    echoes.set(object, e);
  }
  return e;
}

/** The farthest a plane ring reaches from the plane's centre, km. */
export const radiusOf = (ring: readonly XY[]) => ring.reduce((r, [x, y]) => Math.max(r, Math.hypot(x, y)), 0);

/** Whether a point is within `km` of a closed ring's edges. */
export function nearRing(ring: readonly XY[], x: number, y: number, km: number): boolean {
  for (let i = 1; i < ring.length; i++) {
    const [ax, ay] = ring[i - 1] as XY;
    const [bx, by] = ring[i] as XY;
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
    if (Math.hypot(ax + t * dx - x, ay + t * dy - y) <= km) return true;
  }
  return false;
}

/** Slack round the flashes' box: a hull grows up to 1 km past its flashes. */
export const BOX_MARGIN_DEG = 0.05;

/** Whether two boxes overlap, either grown by `margin`. */
export function boxesMeet(a: Box, b: Box, margin: number): boolean {
  return a[0] - margin <= b[2] && b[0] <= a[2] + margin && a[1] - margin <= b[3] && b[1] <= a[3] + margin;
}

/** The box of a ring's points: min x, min y, max x, max y (for [lon, lat]: west, south, east, north). */
export function boxOf(ring: readonly XY[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/** Adds the points of a closed ring to `out`, with points between its vertices so no edge is 2 km long. */
export function densify(ring: readonly XY[], out: XY[]): void {
  const piece = 0.95 * HULL_LIMITS.lengthThresholdKm;
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1] as XY;
    const [x1, y1] = ring[i] as XY;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / piece));
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
}

/** Points on a lattice inside a ring (about `SPREAD_POINTS` of them); its centre if none falls in. */
function spread(plane: LocalPlane, ring: readonly XY[], areaKm2: number): LatLon[] {
  const [minX, minY, maxX, maxY] = boxOf(ring);
  if (![minX, minY, maxX, maxY].every(Number.isFinite)) return [plane.centre];
  // The lattice has at most SPREAD_SIDE² points whatever the ring's box (a 1e308 km box once meant for ever).
  const step = Math.max(
    0.5,
    Math.sqrt(Math.abs(areaKm2) / SPREAD_POINTS) || 0,
    (maxX - minX) / SPREAD_SIDE,
    (maxY - minY) / SPREAD_SIDE,
  );
  const out: LatLon[] = [];
  for (let y = minY + step / 2; y < maxY; y += step) {
    for (let x = minX + step / 2; x < maxX; x += step) {
      if (insideRing(ring, x, y)) out.push(plane.toLatLon(x, y));
    }
  }
  return out.length > 0 ? out : [plane.centre];
}
