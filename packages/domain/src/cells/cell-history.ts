import type { CellTrend } from '@thunderwatch/shared/schemas/cells';
import { type LatLon, localPlane } from './cell-plane.js';

/** A cell's flashes in one minute: [end of the minute (epoch ms), total, CG]; counts may be fractional. */
export type MinuteCount = [number, number, number];

/** A centroid of the cell at a step: [time (epoch ms), lat, lon]. */
export type TrackPoint = [number, number, number];

const MIN_MS = 60_000;

/**
 * Trend and motion of a cell from its history.
 * - Trend: the mean flashes per minute of the last 5 minutes against the 5 before them; growing when it rose
 *   by more than max(0.5 flash/min, 20 %), decaying when it fell by as much, else steady.
 * - Motion: a least-squares line through the cell's centroids of the last 10 steps (at least 3 of them,
 *   spanning at least 2 min), fitted on the plane of the newest centroid; a speed above 150 km/h is no
 *   storm's, and reads as no motion (a centroid that jumped as the cell changed shape).
 */
export const HISTORY = {
  trendMin: 5,
  trendAbsPerMin: 0.5,
  trendShare: 0.2,
  trackSteps: 10,
  minTrackSteps: 3,
  minTrackSpanMs: 2 * MIN_MS,
  maxSpeedKmh: 150,
} as const;

/** Per-minute counts as a dense series ending at `nowMs`, `minutes` long, oldest first (0 where none). */
export function denseCounts(
  counts: readonly MinuteCount[],
  nowMs: number,
  minutes: number,
  cg = false,
): number[] {
  const out = new Array<number>(minutes).fill(0);
  for (const [end, total, cgCount] of counts) {
    const k = Math.round((nowMs - end) / MIN_MS);
    if (k >= 0 && k < minutes) out[minutes - 1 - k] = cg ? cgCount : total;
  }
  return out;
}

export function trendOf(counts: readonly MinuteCount[], nowMs: number): CellTrend {
  const H = HISTORY;
  const series = denseCounts(counts, nowMs, 2 * H.trendMin);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const before = mean(series.slice(0, H.trendMin));
  const recent = mean(series.slice(H.trendMin));
  const margin = Math.max(H.trendAbsPerMin, H.trendShare * before);
  if (recent - before > margin) return 'growing';
  if (before - recent > margin) return 'decaying';
  return 'steady';
}

/** Velocity at the newest centroid, km per minute towards east and north; null when the track cannot tell. */
export function velocityOf(track: readonly TrackPoint[]): [number, number] | null {
  const H = HISTORY;
  const points = track.slice(-H.trackSteps);
  const newest = points.at(-1);
  const oldest = points[0];
  if (!newest || !oldest || points.length < H.minTrackSteps || newest[0] - oldest[0] < H.minTrackSpanMs) {
    return null;
  }
  const plane = localPlane({ lat: newest[1], lon: newest[2] });
  const xy = points.map(([t, lat, lon]) => [(t - newest[0]) / MIN_MS, ...plane.toPlane(lat, lon)] as const);
  const n = xy.length;
  const tm = xy.reduce((s, p) => s + p[0], 0) / n;
  const xm = xy.reduce((s, p) => s + p[1], 0) / n;
  const ym = xy.reduce((s, p) => s + p[2], 0) / n;
  let stt = 0;
  let stx = 0;
  let sty = 0;
  for (const [t, x, y] of xy) {
    stt += (t - tm) ** 2;
    stx += (t - tm) * (x - xm);
    sty += (t - tm) * (y - ym);
  }
  if (stt <= 0) return null;
  const v: [number, number] = [stx / stt, sty / stt];
  return Math.hypot(...v) * 60 > H.maxSpeedKmh ? null : v;
}

/** A velocity as the contract's motion: speed km/h and direction towards, clockwise from north. */
export function motionOf(
  v: readonly [number, number] | null,
): { speed_kmh: number; direction_deg: number } | null {
  if (!v) return null;
  const speed = Math.round(Math.hypot(v[0], v[1]) * 600) / 10;
  const direction = Math.round((((Math.atan2(v[0], v[1]) * 180) / Math.PI + 360) % 360) * 10) / 10;
  return { speed_kmh: speed, direction_deg: direction === 360 ? 0 : direction };
}

/** Where a centroid will be after `minutes` at velocity `v` (east, north km/min). */
export function moved(p: LatLon, v: readonly [number, number] | null, minutes: number): LatLon {
  if (!v || minutes === 0) return p;
  return localPlane(p).toLatLon(v[0] * minutes, v[1] * minutes);
}
