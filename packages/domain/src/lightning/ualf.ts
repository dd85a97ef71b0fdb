import {
  type LineOutcome,
  outcomeOf,
  overlongRecord,
  type ParsedStroke,
  type ParseOptions,
} from './stroke.js';
import { civilToEpochMs, instantFromSecond } from './stroke-time.js';

/**
 * UALF (Universal ASCII Lightning Format), field order as in MET Norway / SMHI (version 0/1, 25 fields)
 * and Vaisala GLD360 UALF2 (record type 2, 30 fields). `int` fields must be whole numbers.
 */
type Kind = 'int' | 'num';
const UALF1_FIELDS: [string, Kind][] = [
  ['version', 'int'],
  ['year', 'int'],
  ['month', 'int'],
  ['day', 'int'],
  ['hour', 'int'],
  ['minute', 'int'],
  ['second', 'int'],
  ['nanoseconds', 'int'],
  ['latitude', 'num'],
  ['longitude', 'num'],
  ['peak current', 'num'],
  ['multiplicity', 'int'],
  ['number of sensors', 'int'],
  ['degrees of freedom', 'int'],
  ['ellipse angle', 'num'],
  ['semi-major axis', 'num'],
  ['semi-minor axis', 'num'],
  ['chi-square', 'num'],
  ['rise time', 'num'],
  ['peak-to-zero time', 'num'],
  ['max rate-of-rise', 'num'],
  ['cloud indicator', 'int'],
  ['angle indicator', 'int'],
  ['signal indicator', 'int'],
  ['timing indicator', 'int'],
];

const UALF2_FIELDS: [string, Kind][] = [
  ['record type', 'int'],
  ['network type', 'int'],
  ['year', 'int'],
  ['month', 'int'],
  ['day', 'int'],
  ['hour', 'int'],
  ['minute', 'int'],
  ['second', 'int'],
  ['nanoseconds', 'int'],
  ['latitude', 'num'],
  ['longitude', 'num'],
  ['altitude', 'num'],
  ['altitude uncertainty', 'num'],
  ['peak current', 'num'],
  ['VHF range', 'num'],
  ['multiplicity', 'int'],
  ['cloud pulse count', 'int'],
  ['number of sensors', 'int'],
  ['degrees of freedom', 'int'],
  ['ellipse angle', 'num'],
  ['semi-major axis', 'num'],
  ['semi-minor axis', 'num'],
  ['chi-square', 'num'],
  ['rise time', 'num'],
  ['peak-to-zero time', 'num'],
  ['max rate-of-rise', 'num'],
  ['cloud indicator', 'int'],
  ['angle indicator', 'int'],
  ['signal indicator', 'int'],
  ['timing indicator', 'int'],
];

/** 0-based positions of the fields we keep, per layout. */
const UALF1_AT = { date: 1, ns: 7, lat: 8, lon: 9, peak: 10, mult: 11, sensors: 12, angle: 14, cloud: 21 };
const UALF2_AT = { date: 2, ns: 8, lat: 9, lon: 10, peak: 13, mult: 15, sensors: 17, angle: 19, cloud: 26 };

const INT = /^[-+]?\d+$/;
// "-0.0" occurs in real rate-of-rise fields; exponents are accepted but no NaN/Infinity words.
const NUM = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Parses one UALF record. Layout is detected per line by its field count (fields split on any run
 * of spaces or tabs): 25 = UALF 0/1, 30 = UALF2. Returns the stroke or the reason it was refused.
 * Value ranges (latitude, …) are checked by the caller (`parseUalf` does).
 */
export function parseUalfLine(line: string): ParsedStroke | string {
  const overlong = overlongRecord(line);
  if (overlong) return overlong;
  const fields = line.trim().split(/[ \t]+/);
  const layout = fields.length === 25 ? UALF1_FIELDS : fields.length === 30 ? UALF2_FIELDS : undefined;
  if (!layout) {
    return `expected 25 fields (UALF 0/1) or 30 (UALF2), got ${fields[0] === '' ? 0 : fields.length}`;
  }
  const values: number[] = [];
  for (const [i, [name, kind]] of layout.entries()) {
    const text = fields[i] as string;
    if (!(kind === 'int' ? INT : NUM).test(text)) {
      return `field ${i + 1} (${name}) is not ${kind === 'int' ? 'a whole number' : 'a number'}: '${text}'`;
    }
    values.push(Number(text));
  }
  const at = layout === UALF1_FIELDS ? UALF1_AT : UALF2_AT;
  const kind = values[0] as number;
  if (layout === UALF1_FIELDS && kind !== 0 && kind !== 1) {
    return `UALF version must be 0 or 1 in a 25-field record, got ${kind}`;
  }
  if (layout === UALF2_FIELDS && kind !== 2) return `UALF2 record type must be 2, got ${kind}`;
  const v = (i: number) => values[i] as number;
  const second = civilToEpochMs(
    v(at.date),
    v(at.date + 1),
    v(at.date + 2),
    v(at.date + 3),
    v(at.date + 4),
    v(at.date + 5),
  );
  if (typeof second === 'string') return second;
  const ns = v(at.ns);
  if (ns < 0 || ns > 999_999_999) return `nanoseconds ${ns} out of range 0..999999999`;
  const cloud = v(at.cloud);
  if (cloud !== 0 && cloud !== 1) return `cloud indicator must be 0 (CG) or 1 (IC), got ${cloud}`;
  const { epochMs } = instantFromSecond(second, ns);
  return {
    epochMs,
    ns,
    lat: v(at.lat),
    lon: v(at.lon),
    peakKa: v(at.peak),
    type: cloud === 1 ? 'IC' : 'CG',
    sensors: v(at.sensors),
    // Kept as sent: 0 means "stroke data" (no flash grouping by the network), 1–99 a flash's stroke count.
    multiplicity: v(at.mult),
    ellipseDeg: v(at.angle),
    majorKm: v(at.angle + 1),
    minorKm: v(at.angle + 2),
  };
}

/**
 * Parses a UALF text (any mix of UALF 0/1 and UALF2 lines, LF or CRLF). Blank lines are skipped;
 * line numbers are 1-based. Duplicate records are kept: de-duplication belongs to storage.
 */
export function parseUalf(text: string, options: ParseOptions = {}): LineOutcome[] {
  const lines = text.split('\n');
  return parseUalfLines(lines, 0, lines.length, options);
}

/**
 * `parseUalf` over `lines[from..to)` of a text split on LF (line numbers stay those of the whole text),
 * so a caller can parse a long text in slices and let other work run between them.
 */
export function parseUalfLines(
  lines: readonly string[],
  from: number,
  to: number,
  options: ParseOptions = {},
): LineOutcome[] {
  const outcomes: LineOutcome[] = [];
  for (let i = from; i < Math.min(to, lines.length); i++) {
    const raw = lines[i] as string;
    if (raw.trim() === '') continue;
    const parsed = parseUalfLine(raw);
    outcomes.push(
      typeof parsed === 'string' ? { line: i + 1, error: parsed } : outcomeOf(i + 1, parsed, options),
    );
  }
  return outcomes;
}
