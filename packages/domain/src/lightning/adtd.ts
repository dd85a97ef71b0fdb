import {
  checkStrokeValues,
  type LineOutcome,
  overlongRecord,
  type ParsedStroke,
  type ParseOptions,
  validateStroke,
} from './stroke.js';
import { civilToEpochMs, fractionToNs, instantFromSecond, localDate, MS_PER_DAY } from './stroke-time.js';

// The package compiles without DOM or Node types; TextDecoder is a global in Node and browsers alike.
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

/**
 * Text of a CMA ADTD file. The stations write GBK; copies passed around are often re-saved as UTF-8.
 * Valid UTF-8 wins (GBK Chinese is practically never valid UTF-8); a BOM is dropped.
 */
export function decodeAdtd(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gbk').decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

export interface AdtdOptions extends ParseOptions {
  /** Offset of the file's clock from UTC; ADTD networks write Beijing time (UTC+8, 480). */
  utcOffsetMinutes?: number;
}

export interface AdtdResult {
  outcomes: LineOutcome[];
  /** Records whose date was mended, with what was done (they are also in `outcomes`, mended). */
  corrected: { line: number; reason: string }[];
}

const KEYS: Record<string, string> = {
  纬度: 'latitude',
  经度: 'longitude',
  强度: 'peak current',
  陡度: 'steepness',
  误差: 'location error',
};
const REQUIRED = ['纬度', '经度', '强度'];
const SEPARATOR = /[=：:]/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^(\d{1,2}):(\d{2}):(\d{2})(?:\.(-?\d{1,9}))?$/;
const NUM = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;
/** "二站混合" = located by two stations, "四站算法" = four, … */
const STATION_COUNTS: Record<string, number> = { 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** Splits `key=value` / `key：value` tokens; a separator followed by a space takes the next token. */
function keyValues(tokens: string[]): Map<string, string> | string {
  const map = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const at = token.search(SEPARATOR);
    if (at <= 0) return `unexpected text '${token}'`;
    let value = token.slice(at + 1);
    const next = tokens[i + 1];
    if (value === '' && next !== undefined && next.search(SEPARATOR) < 0) {
      value = next;
      i++;
    }
    const key = token.slice(0, at);
    if (!map.has(key)) map.set(key, value);
  }
  return map;
}

/**
 * Parses one ADTD record into a stroke (time converted to UTC), or the reason it was refused.
 * Trailing fields we do not use (省=, 市=, 县=, …) are ignored.
 */
export function parseAdtdLine(line: string, utcOffsetMinutes = 480): ParsedStroke | string {
  const read = readAdtdLine(line, utcOffsetMinutes);
  return typeof read === 'string' ? read : read.stroke;
}

/**
 * Real files hold a few times like `18:02:02.-003532`: the writer printed a negative count of
 * 100 ns ticks with %07d. The field width gives the unit, so this is 18:02:02 − 353.2 µs.
 */
function clockOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 19);
}

function signedFractionNs(digits: string): number {
  if (!digits.startsWith('-')) return fractionToNs(digits);
  return -Number(digits.slice(1)) * 10 ** (9 - digits.length);
}

function readAdtdLine(
  line: string,
  utcOffsetMinutes: number,
): { stroke: ParsedStroke; note?: string } | string {
  const overlong = overlongRecord(line);
  if (overlong) return overlong;
  const [seq, date, time, ...rest] = line.trim().split(/\s+/);
  if (!seq || !/^\d+$/.test(seq)) return `sequence number '${seq ?? ''}' is not a whole number`;
  const d = DATE.exec(date ?? '');
  if (!d) return `date '${date ?? ''}' is not YYYY-MM-DD`;
  const t = TIME.exec(time ?? '');
  if (!t) return `time '${time ?? ''}' is not HH:MM:SS.fffffff`;
  const fields = keyValues(rest);
  if (typeof fields === 'string') return fields;
  const numbers = new Map<string, number>();
  for (const [key, name] of Object.entries(KEYS)) {
    const text = fields.get(key);
    if (text === undefined) {
      if (REQUIRED.includes(key)) return `missing ${key} (${name})`;
      continue;
    }
    if (!NUM.test(text)) return `${key} (${name}) is not a number: '${text}'`;
    numbers.set(key, Number(text));
  }
  const [y, mo, day] = d.slice(1, 4).map(Number) as [number, number, number];
  const [h, mi, s] = t.slice(1, 4).map(Number) as [number, number, number];
  const local = civilToEpochMs(y, mo, day, h, mi, s);
  if (typeof local === 'string') return local;
  const signedNs = signedFractionNs(t[4] ?? '');
  const second = local - utcOffsetMinutes * 60_000 + (signedNs < 0 ? -1000 : 0);
  const ns = signedNs < 0 ? 1_000_000_000 + signedNs : signedNs;
  const note =
    signedNs < 0
      ? `time ${time} has a negative fraction; taken as ${clockOf(second + utcOffsetMinutes * 60_000)}.${String(ns).padStart(9, '0')}`
      : undefined;
  const errorKm = numbers.get('误差') ?? 0;
  const stroke: ParsedStroke = {
    ...instantFromSecond(second, ns),
    lat: numbers.get('纬度') as number,
    lon: numbers.get('经度') as number,
    peakKa: numbers.get('强度') as number,
    // ADTD locates cloud-to-ground return strokes only.
    type: 'CG',
    sensors: STATION_COUNTS[fields.get('定位方式')?.[0] ?? ''] ?? null,
    multiplicity: null,
    // 误差 is one radius, 0.0 when the network could not estimate it (two-station fixes).
    majorKm: errorKm > 0 ? errorKm : null,
    minorKm: null,
    ellipseDeg: null,
  };
  return note ? { stroke, note } : { stroke };
}

const GLITCH_AFTER_MS = 12 * 3_600_000;
const GLITCH_WINDOW_MS = 3_600_000;

/**
 * Parses an ADTD day file (LF or CRLF; blank lines skipped; line numbers 1-based).
 *
 * Some stations stamp the last seconds before midnight with the new day's date, so a file of 07-09
 * holds "23:59:46 on 07-09" just before "00:00:34 on 07-09". Scanning from the end, a record more than
 * 12 h after the (already mended) next record, whose time minus 24 h falls within the hour before that
 * next record, is moved back one day and listed in `corrected`. Other disorder and seq gaps are normal.
 */
export function parseAdtd(text: string, options: AdtdOptions = {}): AdtdResult {
  const lines = text.split('\n');
  return mendAdtd(readAdtdLines(lines, 0, lines.length, options), options);
}

/**
 * The per-line half of `parseAdtd` over `lines[from..to)` of a text split on LF (line numbers stay those
 * of the whole text): a caller can read a long file in slices, concatenate them in order, and hand the
 * whole to `mendAdtd`. `parseAdtd(text)` is `mendAdtd(readAdtdLines(all lines))`.
 */
export function readAdtdLines(
  lines: readonly string[],
  from: number,
  to: number,
  options: AdtdOptions = {},
): AdtdResult {
  const { utcOffsetMinutes = 480 } = options;
  const outcomes: LineOutcome[] = [];
  const corrected: AdtdResult['corrected'] = [];
  for (let i = from; i < Math.min(to, lines.length); i++) {
    const raw = lines[i] as string;
    if (raw.trim() === '') continue;
    const read = readAdtdLine(raw, utcOffsetMinutes);
    const reason = typeof read === 'string' ? read : checkStrokeValues(read.stroke);
    if (reason || typeof read === 'string') {
      outcomes.push({ line: i + 1, error: reason ?? 'unreadable' });
      continue;
    }
    outcomes.push({ line: i + 1, stroke: read.stroke });
    if (read.note) corrected.push({ line: i + 1, reason: read.note });
  }
  return { outcomes, corrected };
}

/** The whole-file half of `parseAdtd`: mends day-rollover glitches, then checks clock and retention. */
export function mendAdtd(read: AdtdResult, options: AdtdOptions = {}): AdtdResult {
  const { utcOffsetMinutes = 480, nowMs } = options;
  const { outcomes } = read;
  const corrected = [...read.corrected];
  let next: ParsedStroke | undefined;
  for (let i = outcomes.length - 1; i >= 0; i--) {
    const outcome = outcomes[i] as LineOutcome;
    if (!('stroke' in outcome)) continue;
    const s = outcome.stroke;
    if (next && s.epochMs - next.epochMs > GLITCH_AFTER_MS) {
      const dayBefore = s.epochMs - MS_PER_DAY;
      if (dayBefore <= next.epochMs && dayBefore >= next.epochMs - GLITCH_WINDOW_MS) {
        const was = localDate(s.epochMs, utcOffsetMinutes);
        s.epochMs = dayBefore;
        corrected.push({
          line: outcome.line,
          reason: `date ${was} looks like a day-rollover glitch; taken as ${localDate(dayBefore, utcOffsetMinutes)}`,
        });
      }
    }
    next = s;
  }
  corrected.sort((a, b) => a.line - b.line);

  if (nowMs === undefined) return { outcomes, corrected };
  // The clock check comes after mending: a mended date may be the one that made a record look future.
  const checked = outcomes.map((o): LineOutcome => {
    const reason = 'stroke' in o ? validateStroke(o.stroke, nowMs, options) : null;
    return reason ? { line: o.line, error: reason } : o;
  });
  const rejected = new Set(checked.flatMap((o) => ('error' in o ? [o.line] : [])));
  return { outcomes: checked, corrected: corrected.filter((c) => !rejected.has(c.line)) };
}
