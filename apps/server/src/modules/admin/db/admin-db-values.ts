import type { AdminDbColumnType } from '@thunderwatch/shared/schemas/admin-db';
import type { EditRule } from './admin-db-columns.js';

/**
 * Parsing of what a request says about a column's values (filter values, keys, edits): a value is checked
 * against the column's type before it reaches the database, so a bad one is a 400 naming the field, never
 * a database error. Each function returns the parsed value or a problem (a sentence for the error detail).
 */

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

const ok = (value: unknown): Parsed => ({ ok: true, value });
const bad = (problem: string): Parsed => ({ ok: false, problem });

const INTEGER = /^-?\d{1,18}$/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d{1,3})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A filter or key value given as text, for a column of `type`. */
export function parseText(type: AdminDbColumnType, raw: string): Parsed {
  switch (type) {
    case 'integer': {
      if (!INTEGER.test(raw)) return bad('must be an integer');
      const n = Number(raw);
      return Number.isSafeInteger(n) ? ok(n) : bad('is out of range');
    }
    case 'number': {
      const n = Number(raw);
      return NUMBER.test(raw) && Number.isFinite(n) ? ok(n) : bad('must be a number');
    }
    case 'boolean':
      return raw === 'true' || raw === 'false' ? ok(raw === 'true') : bad('must be true or false');
    case 'timestamp': {
      const d = new Date(raw);
      if (!TIMESTAMP.test(raw) || Number.isNaN(d.getTime())) return bad('must be a date-time (ISO 8601)');
      const year = d.getUTCFullYear();
      return year >= 1 && year <= 9999 ? ok(d.toISOString()) : bad('is out of range');
    }
    case 'date': {
      const d = new Date(`${raw}T00:00:00Z`);
      if (!DATE.test(raw) || Number.isNaN(d.getTime())) return bad('must be a day (YYYY-MM-DD)');
      if (d.toISOString().slice(0, 10) !== raw) return bad('is not a day of the calendar');
      // PostgreSQL's calendar has no year 0 (1 BC is followed by AD 1): `0000-01-01` is no date to it.
      return d.getUTCFullYear() >= 1 ? ok(raw) : bad('is out of range');
    }
    case 'uuid':
      return UUID.test(raw) ? ok(raw.toLowerCase()) : bad('must be a UUID');
    case 'text':
      return raw.includes('\u0000') ? bad('must not contain NUL') : ok(raw);
    default:
      return bad('cannot be compared for equality (use contains)');
  }
}

/** A new value for an editable column, as it came in the JSON body. */
export function parseEdit(rule: EditRule, value: unknown): Parsed {
  if (rule.kind === 'bool') return typeof value === 'boolean' ? ok(value) : bad('must be true or false');
  if (rule.kind === 'int') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return bad('must be an integer');
    return value >= rule.min && value <= rule.max ? ok(value) : bad(`must be ${rule.min}–${rule.max}`);
  }
  if (value === null) return rule.nullable ? ok(null) : bad('must not be null');
  if (typeof value !== 'string') return bad('must be a string');
  if (value.includes('\u0000')) return bad('must not contain NUL');
  const trimmed = value.trim();
  if (!rule.nullable && trimmed.length === 0) return bad('must not be empty');
  if ([...trimmed].length > rule.max) return bad(`must be at most ${rule.max} characters`);
  if (rule.values && !rule.values.includes(trimmed)) return bad(`must be one of ${rule.values.join(', ')}`);
  if (trimmed.length > 0 && rule.pattern && !rule.pattern.test(trimmed)) return bad('has the wrong form');
  if (rule.timeZone && !knownTimeZone(trimmed)) return bad('is not a known time zone');
  return ok(trimmed.length === 0 && rule.nullable ? null : trimmed);
}

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
