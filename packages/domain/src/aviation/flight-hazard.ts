import { distanceKm } from '../geo/geodesy.js';

/**
 * How close an aircraft is to lightning: `inside` a storm cell's polygon, `near` (a stroke within 10 km in
 * the last 5 min, or within 10 km of a cell's polygon), or `none`. An index built once per cycle answers each
 * aircraft from a few grid buckets, so thousands of aircraft against thousands of strokes stay cheap.
 */
export type Hazard = 'none' | 'near' | 'inside';

export interface HazardStroke {
  lat: number;
  lon: number;
  timeMs: number;
}

export interface HazardCell {
  id: string;
  /** The polygon's outer ring, [lon, lat] pairs as GeoJSON has them. */
  ring: readonly (readonly number[])[];
}

export interface HazardResult {
  hazard: Hazard;
  /** Distance to the nearest stroke or cell edge that makes it `near`; 0 inside; null for `none`. */
  distanceKm: number | null;
  /** The cell the aircraft is inside or near, when a cell decided. */
  cellId: string | null;
}

export const NEAR_KM = 10;
export const STROKE_WINDOW_MS = 5 * 60_000;

const KM_PER_DEG = 111.195;
const BUCKET_DEG = 0.1;
const RAD = Math.PI / 180;

interface IndexedCell {
  id: string;
  xs: Float64Array;
  ys: Float64Array;
  south: number;
  north: number;
  west: number;
  east: number;
}

const NONE: HazardResult = { hazard: 'none', distanceKm: null, cellId: null };

/** The widest `near` an index takes (km): beyond it "near" means nothing for an aircraft. */
export const MAX_NEAR_KM = 1000;

function key(latBucket: number, lonBucket: number): number {
  return latBucket * 4000 + lonBucket;
}

/** Ray casting in degrees: the cells are tens of km wide, far from the poles and the antimeridian. */
function insideRing(c: IndexedCell, lat: number, lon: number): boolean {
  let inside = false;
  const n = c.xs.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = c.xs[i] as number;
    const yi = c.ys[i] as number;
    const xj = c.xs[j] as number;
    const yj = c.ys[j] as number;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from a point to the ring's edges on a local flat projection (exact enough within 10 km). */
function edgeKm(c: IndexedCell, lat: number, lon: number): number {
  const kx = KM_PER_DEG * Math.cos(lat * RAD);
  let best = Number.POSITIVE_INFINITY;
  const n = c.xs.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = ((c.xs[j] as number) - lon) * kx;
    const ay = ((c.ys[j] as number) - lat) * KM_PER_DEG;
    const bx = ((c.xs[i] as number) - lon) * kx;
    const by = ((c.ys[i] as number) - lat) * KM_PER_DEG;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const px = ax + t * dx;
    const py = ay + t * dy;
    const d = px * px + py * py;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

export class HazardIndex {
  private readonly buckets = new Map<number, HazardStroke[]>();
  private readonly cells: IndexedCell[];

  constructor(
    strokes: readonly HazardStroke[],
    cells: readonly HazardCell[],
    private readonly nearKm = NEAR_KM,
  ) {
    if (!(nearKm >= 0 && nearKm <= MAX_NEAR_KM))
      throw new RangeError(`HazardIndex: near must be 0…${MAX_NEAR_KM} km, not ${nearKm}`);
    for (const s of strokes) {
      const k = key(Math.floor((s.lat + 90) / BUCKET_DEG), Math.floor((s.lon + 180) / BUCKET_DEG));
      const list = this.buckets.get(k);
      if (list) list.push(s);
      else this.buckets.set(k, [s]);
    }
    this.cells = cells
      .filter((c) => c.ring.length >= 3)
      .map((c) => {
        const xs = Float64Array.from(c.ring, (p) => p[0] as number);
        const ys = Float64Array.from(c.ring, (p) => p[1] as number);
        const south = Math.min(...ys);
        const north = Math.max(...ys);
        const padLat = nearKm / KM_PER_DEG;
        const padLon =
          nearKm / (KM_PER_DEG * Math.max(0.01, Math.cos(Math.max(Math.abs(south), Math.abs(north)) * RAD)));
        return {
          id: c.id,
          xs,
          ys,
          south: south - padLat,
          north: north + padLat,
          west: Math.min(...xs) - padLon,
          east: Math.max(...xs) + padLon,
        };
      });
  }

  /** The hazard of a point at `timeMs`: strokes in (timeMs − 5 min, timeMs] count. */
  classify(lat: number, lon: number, timeMs: number): HazardResult {
    // An infinite (or 1e308) latitude once made the bucket loop below run for ever (Infinity + 1 is Infinity).
    if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 360 && Number.isFinite(timeMs))) return NONE;
    let best = Number.POSITIVE_INFINITY;
    let bestCell: string | null = null;
    for (const c of this.cells) {
      if (lat < c.south || lat > c.north || lon < c.west || lon > c.east) continue;
      if (insideRing(c, lat, lon)) return { hazard: 'inside', distanceKm: 0, cellId: c.id };
      const d = edgeKm(c, lat, lon);
      if (d < best) {
        best = d;
        bestCell = c.id;
      }
    }
    if (best > this.nearKm) bestCell = null;
    const from = timeMs - STROKE_WINDOW_MS;
    const latSpan = Math.ceil(this.nearKm / KM_PER_DEG / BUCKET_DEG);
    const lonSpan = Math.min(
      180 / BUCKET_DEG,
      Math.ceil(this.nearKm / (KM_PER_DEG * Math.max(0.01, Math.cos(lat * RAD))) / BUCKET_DEG),
    );
    const lb = Math.floor((lat + 90) / BUCKET_DEG);
    const ob = Math.floor((lon + 180) / BUCKET_DEG);
    for (let a = lb - latSpan; a <= lb + latSpan; a++) {
      for (let o = ob - lonSpan; o <= ob + lonSpan; o++) {
        const list = this.buckets.get(key(a, o));
        if (!list) continue;
        for (const s of list) {
          if (s.timeMs <= from || s.timeMs > timeMs) continue;
          const d = distanceKm(lat, lon, s.lat, s.lon);
          if (d < best) {
            best = d;
            bestCell = null;
          }
        }
      }
    }
    if (best > this.nearKm) return NONE;
    return { hazard: 'near', distanceKm: Math.round(best * 100) / 100, cellId: bestCell };
  }
}

/** Splits time-ordered contacts into flights: a new flight after `gapMs` without contact. */
export function flightNumbers(timesMs: readonly number[], gapMs = 30 * 60_000): number[] {
  let flight = 0;
  return timesMs.map((t, i) => {
    if (i > 0 && t - (timesMs[i - 1] as number) > gapMs) flight++;
    return flight;
  });
}
