import type { StrokeType } from '@thunderwatch/shared/strokes';
import { belowMagnitude, DEGREE_MIN_MAGNITUDE, REAL_MIN_MAGNITUDE } from '../common/column-ranges.js';
import { formatNanoIso } from './stroke-time.js';

/** One stroke as read from a feed, before it gets an id, a flash and a source. */
export interface ParsedStroke {
  /** Milliseconds since the epoch (UTC), floor of the exact instant. */
  epochMs: number;
  /** Nanoseconds within the second, 0..999_999_999, full precision. */
  ns: number;
  lat: number;
  lon: number;
  /** Signed peak current, kA (sign = polarity). */
  peakKa: number;
  type: StrokeType;
  sensors: number | null;
  multiplicity: number | null;
  /** Error ellipse semi-major / semi-minor axis, km, and its angle (degrees clockwise from north). */
  majorKm: number | null;
  minorKm: number | null;
  ellipseDeg: number | null;
}

/** What a parser made of one record: `line` is 1-based for text feeds, the array index for JSON. */
export type LineOutcome = { line: number; stroke: ParsedStroke } | { line: number; error: string };

export interface ValidateOptions {
  /** How far ahead of `nowMs` a stroke may lie (clock skew of the feed); default 5 min. */
  maxFutureMs?: number;
  /** Strokes more than this many days before `nowMs` are refused; 0 or absent keeps everything. */
  retentionDays?: number;
}

/**
 * Parser options shared by the feed parsers. The parser is where a record is validated, once: with
 * `nowMs` it also refuses strokes too far in the future or older than the retention period, so what it
 * returns as a stroke may be stored as it is.
 */
export interface ParseOptions extends ValidateOptions {
  nowMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * Longest record line of a text stroke format (UALF, ADTD): a real one is 100–200 characters. A longer line is
 * refused before it is split, so one line of megabytes costs no more than its length check.
 */
export const MAX_RECORD_CHARS = 1024;

/** The rejection of a line longer than MAX_RECORD_CHARS, or null. */
export function overlongRecord(line: string): string | null {
  return line.length > MAX_RECORD_CHARS
    ? `line of ${line.length} characters is longer than a record can be (${MAX_RECORD_CHARS})`
    : null;
}

/** Largest count the `smallint` columns (sensors, multiplicity) hold. */
export const MAX_STROKE_COUNT = 32_767;
/** A number field is checked before its range so that NaN never reads as "out of range". */
function checkRange(name: string, value: number, min: number, max: number): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} is not a number`;
  if (value < min || value > max) return `${name} ${value} out of range ${min}..${max}`;
  return null;
}

/**
 * As `checkRange`, also refusing a non-zero value smaller in magnitude than `minMagnitude`: what float4 cannot
 * hold (a `real` column such as peak current or the error ellipse, `REAL_MIN_MAGNITUDE`: float4 would
 * underflow and PostgreSQL fail the whole batch) or PostgreSQL's trigonometry refuses (a coordinate,
 * `DEGREE_MIN_MAGNITUDE`).
 */
function checkMagnitude(
  name: string,
  value: number,
  min: number,
  max: number,
  minMagnitude: number,
): string | null {
  const reason = checkRange(name, value, min, max);
  if (reason) return reason;
  if (belowMagnitude(value, minMagnitude)) {
    return `${name} ${value} is too small (non-zero values must be at least ${minMagnitude} in magnitude)`;
  }
  return null;
}

const checkDegrees = (name: string, value: number, limit: 90 | 180) =>
  checkMagnitude(name, value, -limit, limit, DEGREE_MIN_MAGNITUDE);
const checkReal = (name: string, value: number, min: number, max: number) =>
  checkMagnitude(name, value, min, max, REAL_MIN_MAGNITUDE);

function checkCount(name: string, value: number | null): string | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} is not a number`;
  if (!Number.isInteger(value) || value < 0) return `${name} ${value} is not a non-negative integer`;
  if (value > MAX_STROKE_COUNT) return `${name} ${value} out of range 0..${MAX_STROKE_COUNT}`;
  return null;
}

function checkOptional(name: string, value: number | null, min: number, max: number): string | null {
  return value === null ? null : checkReal(name, value, min, max);
}

/**
 * Checks the values of a stroke that do not depend on the clock: ranges, finiteness, counts. The ranges fit
 * the columns of `strokes` (smallint counts, float4 currents and ellipses), so a stroke that passes can always
 * be inserted. Parsers run this on every record; `validateStroke` adds the future-time check.
 */
export function checkStrokeValues(s: ParsedStroke): string | null {
  if (!Number.isInteger(s.epochMs)) return 'time is not a whole number of milliseconds';
  if (!Number.isInteger(s.ns) || s.ns < 0 || s.ns > 999_999_999) {
    return `nanoseconds ${s.ns} out of range 0..999999999`;
  }
  if (((s.epochMs % 1000) + 1000) % 1000 !== Math.floor(s.ns / 1_000_000)) {
    return 'milliseconds of the time and of the nanoseconds disagree';
  }
  if (s.type !== 'CG' && s.type !== 'IC') return `type ${String(s.type)} is neither CG nor IC`;
  return (
    checkDegrees('latitude', s.lat, 90) ??
    checkDegrees('longitude', s.lon, 180) ??
    checkReal('peak current', s.peakKa, -1000, 1000) ??
    checkCount('sensors', s.sensors) ??
    checkCount('multiplicity', s.multiplicity) ??
    checkOptional('error ellipse major axis', s.majorKm, 0, 1000) ??
    checkOptional('error ellipse minor axis', s.minorKm, 0, 1000) ??
    checkOptional('error ellipse angle', s.ellipseDeg, 0, 360)
  );
}

function describeSpan(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}

/**
 * Null when the stroke may be stored, else the reason (shown to the feed's operator as is):
 * value ranges as in `checkStrokeValues`, a time at most `maxFutureMs` after `nowMs`, and within the
 * retention period.
 */
export function validateStroke(
  s: ParsedStroke,
  nowMs: number,
  { maxFutureMs = 5 * 60_000, retentionDays = 0 }: ValidateOptions = {},
): string | null {
  const reason = checkStrokeValues(s);
  if (reason) return reason;
  if (s.epochMs > nowMs + maxFutureMs) {
    return `time ${formatNanoIso(s.epochMs, s.ns)} is more than ${describeSpan(maxFutureMs)} in the future`;
  }
  if (retentionDays > 0 && s.epochMs < nowMs - retentionDays * DAY_MS) {
    return `older than the retention period of ${retentionDays} days (RETENTION_DAYS=0 keeps everything)`;
  }
  return null;
}

/** Builds an outcome from a parsed stroke, applying the value checks (and the clock check if asked). */
export function outcomeOf(line: number, stroke: ParsedStroke, options: ParseOptions = {}): LineOutcome {
  const reason =
    options.nowMs === undefined ? checkStrokeValues(stroke) : validateStroke(stroke, options.nowMs, options);
  return reason ? { line, error: reason } : { line, stroke };
}
