import type { StrokeInput } from '@thunderwatch/shared/strokes';
import { type LineOutcome, outcomeOf, type ParseOptions } from './stroke.js';
import { parseIsoTime } from './stroke-time.js';

type Field = keyof StrokeInput;
const REQUIRED: Field[] = ['time', 'lat', 'lon', 'peak_ka', 'type'];
const OPTIONAL: Field[] = ['sensors', 'multiplicity', 'major_km', 'minor_km', 'ellipse_deg'];
const KNOWN = new Set<string>([...REQUIRED, ...OPTIONAL]);

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Every problem of the record's shape at once, so a feed author can fix a record in one go. */
function shapeProblems(record: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of REQUIRED) {
    if (!(key in record) || record[key] === null) problems.push(`missing field '${key}'`);
  }
  for (const key of Object.keys(record)) {
    if (!KNOWN.has(key)) problems.push(`unknown field '${key}'`);
  }
  if ('time' in record && record.time !== null && typeof record.time !== 'string') {
    problems.push(`'time' must be a string, got ${typeName(record.time)}`);
  }
  if ('type' in record && record.type !== null && record.type !== 'CG' && record.type !== 'IC') {
    problems.push(`'type' must be "CG" or "IC", got ${JSON.stringify(record.type)}`);
  }
  for (const key of ['lat', 'lon', 'peak_ka', ...OPTIONAL]) {
    const value = record[key];
    // null is accepted for the optional fields: many JSON writers emit null for "not known".
    if (value !== undefined && value !== null && typeof value !== 'number') {
      problems.push(`'${key}' must be a number, got ${typeName(value)}`);
    }
  }
  return problems;
}

const optional = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Reads a JSON batch of `StrokeInput` records. `line` is the 0-based array index, matching
 * `RejectedLine` for JSON batches. A body that is not an array yields one outcome with line 0 and
 * a reason starting with "body": callers should answer such a request as a whole with 400 rather than
 * report a rejected record. `options` as for every parser (`ParseOptions`).
 */
export function parseJsonStrokes(body: unknown, options: ParseOptions = {}): LineOutcome[] {
  if (!Array.isArray(body))
    return [{ line: 0, error: `body must be a JSON array of strokes, got ${typeName(body)}` }];
  return parseJsonStrokeRange(body, 0, body.length, options);
}

/**
 * `parseJsonStrokes` over `body[from..to)` (lines stay the array indexes), so a caller can read a long
 * batch in slices and let other work run between them.
 */
export function parseJsonStrokeRange(
  body: readonly unknown[],
  from: number,
  to: number,
  options: ParseOptions = {},
): LineOutcome[] {
  return body.slice(from, to).map((record: unknown, at): LineOutcome => {
    const line = from + at;
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      return { line, error: `record must be an object, got ${typeName(record)}` };
    }
    const r = record as Record<string, unknown>;
    const problems = shapeProblems(r);
    if (problems.length > 0) return { line, error: problems.join('; ') };
    const time = parseIsoTime(r.time as string);
    if (typeof time === 'string') return { line, error: time };
    const stroke = {
      ...time,
      lat: r.lat as number,
      lon: r.lon as number,
      peakKa: r.peak_ka as number,
      type: r.type as StrokeInput['type'],
      sensors: optional(r.sensors),
      multiplicity: optional(r.multiplicity),
      majorKm: optional(r.major_km),
      minorKm: optional(r.minor_km),
      ellipseDeg: optional(r.ellipse_deg),
    };
    return outcomeOf(line, stroke, options);
  });
}
