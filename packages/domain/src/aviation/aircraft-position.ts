import { type NumericColumn, numberProblem } from '../common/column-ranges.js';

/**
 * One aircraft's position report, whatever feed it came from (OpenSky state vectors, SBS-1 BaseStation
 * lines), in SI units, with every value checked against the range its database column holds.
 */
export interface AircraftPosition {
  /** ICAO 24-bit address, six lowercase hex digits. */
  icao24: string;
  timeMs: number;
  lat: number;
  lon: number;
  /** Barometric altitude, or the geometric one when the barometric is missing (m). */
  altitudeM: number | null;
  onGround: boolean;
  /** Ground speed (m/s). */
  speedMs: number | null;
  /** True track, degrees clockwise from north. */
  trackDeg: number | null;
  /** Climb positive, descent negative (m/s). */
  verticalRateMs: number | null;
  /** At most 8 characters, trimmed; null when not sent. */
  callsign: string | null;
  squawk: string | null;
}

/** A vector or line refused, named by its place in the input and, when known, its aircraft. */
export interface FeedProblem {
  /** 1-based index of the state vector or line; 0 for the whole body. */
  item: number;
  icao24?: string;
  field: string;
  message: string;
}

export interface FeedWindow {
  nowMs: number;
  retentionDays: number;
  /** How far a report may lie in the future (clock skew); 5 min unless set. */
  aheadMs?: number;
}

export const ICAO24_PATTERN = /^[0-9a-f]{6}$/;
export const CALLSIGN_PATTERN = /^[A-Z0-9-]{1,8}$/;
export const SQUAWK_PATTERN = /^[0-7]{4}$/;

/** Generous bounds of real aircraft; anything outside is a corrupt report, never a real value. */
export const POSITION_RANGES = {
  lat: { min: -90, max: 90 },
  lon: { min: -180, max: 180 },
  altitudeM: { min: -1500, max: 30_000 },
  speedMs: { min: 0, max: 1500 },
  trackDeg: { min: 0, max: 360 },
  verticalRateMs: { min: -500, max: 500 },
} as const;

const DAY_MS = 86_400_000;

/** The problem with a report's time, or null when it lies inside retention and not in the future. */
export function timeProblem(timeMs: number, w: FeedWindow): string | null {
  if (!Number.isFinite(timeMs)) return 'must be a time';
  if (timeMs > w.nowMs + (w.aheadMs ?? 5 * 60_000)) return 'lies in the future';
  if (timeMs < w.nowMs - w.retentionDays * DAY_MS) return 'is older than the retention';
  return null;
}

type Ranged = keyof typeof POSITION_RANGES;
/** Latitude and longitude are `double precision` columns; the others `real` (float4). */
const COLUMN: Record<Ranged, NumericColumn> = {
  lat: 'double',
  lon: 'double',
  altitudeM: 'real',
  speedMs: 'real',
  trackDeg: 'real',
  verticalRateMs: 'real',
};

/**
 * The first value of `p` outside its range or what its column holds (`1e-300` in a `real` column), as a
 * problem; null when all fit. `names` gives the feed's own names of the fields (OpenSky's `velocity`).
 */
export function rangeProblem(
  p: AircraftPosition,
  names: Partial<Record<Ranged, string>> = {},
): { field: string; message: string } | null {
  for (const field of Object.keys(POSITION_RANGES) as Ranged[]) {
    const v = p[field];
    if (v === null) continue;
    const message = numberProblem(v, COLUMN[field], POSITION_RANGES[field]);
    if (message) return { field: names[field] ?? field, message };
  }
  return null;
}

/** Later reports of the same aircraft and time replace earlier ones (a batch writes each key once). */
export function latestPerKey(positions: readonly AircraftPosition[]): AircraftPosition[] {
  const byKey = new Map<string, AircraftPosition>();
  for (const p of positions) byKey.set(`${p.icao24}|${p.timeMs}`, p);
  return [...byKey.values()];
}
