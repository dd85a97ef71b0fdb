/**
 * Stroke times carry nanoseconds, which a JS number cannot hold next to an epoch (2^53 ns is only
 * ~104 days). So a time is kept as two integers: epoch milliseconds (floor) and nanoseconds within
 * the second, and these helpers never go through a float with more than ms precision.
 */

export interface StrokeInstant {
  /** Milliseconds since the epoch, floor of the exact instant. */
  epochMs: number;
  /** Nanoseconds within the second, 0..999_999_999. */
  ns: number;
}

export const MS_PER_DAY = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Epoch ms of a civil date-time (read as UTC), or a reason why it is impossible. Leap seconds
 * (second 60) are refused: no network we read has sent one since 2016, and JS time has no place for it.
 */
export function civilToEpochMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | string {
  const parts: [string, number, number, number][] = [
    ['year', year, 1970, 2999],
    ['month', month, 1, 12],
    ['hour', hour, 0, 23],
    ['minute', minute, 0, 59],
    ['second', second, 0, 59],
  ];
  for (const [name, value, min, max] of parts) {
    if (!Number.isInteger(value) || value < min || value > max) {
      return `${name} ${value} out of range ${min}..${max}`;
    }
  }
  const last = daysInMonth(year, month);
  if (!Number.isInteger(day) || day < 1 || day > last) {
    return `day ${day} out of range for ${year}-${pad(month, 2)} (1..${last})`;
  }
  // Date.UTC maps years 0..99 to 1900..1999; the range check above keeps us clear of that.
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Nanoseconds from the digits after the decimal point ("8160029" → 816_002_900), exactly. */
export function fractionToNs(digits: string): number {
  return Number(digits.slice(0, 9).padEnd(9, '0'));
}

/** Combines a whole-second epoch (ms) with nanoseconds within that second. */
export function instantFromSecond(secondEpochMs: number, ns: number): StrokeInstant {
  return { epochMs: secondEpochMs + Math.floor(ns / 1_000_000), ns };
}

/** ISO 8601 UTC with all nine fractional digits, e.g. `2017-10-16T16:01:07.345596160Z`. */
export function formatNanoIso(epochMs: number, ns: number): string {
  const second = Math.floor(epochMs / 1000) * 1000;
  return `${new Date(second).toISOString().slice(0, 19)}.${pad(ns, 9)}Z`;
}

/** The calendar date (YYYY-MM-DD) of an instant as seen at a UTC offset. */
export function localDate(epochMs: number, utcOffsetMinutes: number): string {
  return new Date(epochMs + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Exact difference a − b in nanoseconds (exact while |a − b| < ~100 days). */
export function diffNs(a: StrokeInstant, b: StrokeInstant): number {
  return (Math.floor(a.epochMs / 1000) - Math.floor(b.epochMs / 1000)) * 1_000_000_000 + (a.ns - b.ns);
}

/** The instant at a whole epoch millisecond (used to compare stroke times with ms bounds exactly). */
export function instantAtMs(epochMs: number): StrokeInstant {
  return { epochMs, ns: (((epochMs % 1000) + 1000) % 1000) * 1_000_000 };
}

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/**
 * Parses an ISO 8601 / RFC 3339 time with up to 9 fractional digits. A zone (Z or ±hh:mm) is required:
 * a time without one is ambiguous, and guessing would silently shift strokes by hours.
 */
export function parseIsoTime(text: string): StrokeInstant | string {
  const m = ISO_TIME.exec(text);
  if (!m) return `time '${text}' is not ISO 8601 with a zone (e.g. 2024-06-01T08:00:00.123456789Z)`;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = civilToEpochMs(year, month, day, hour, minute, second);
  if (typeof ms === 'string') return `time '${text}': ${ms}`;
  let offsetMin = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return `time '${text}': bad zone offset`;
    offsetMin = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return instantFromSecond(ms - offsetMin * 60_000, fractionToNs(m[7] ?? ''));
}

/** Shifts an instant by whole milliseconds, keeping the sub-millisecond nanoseconds. */
export function shiftInstant(t: StrokeInstant, deltaMs: number): StrokeInstant {
  const epochMs = t.epochMs + deltaMs;
  return { epochMs, ns: instantAtMs(epochMs).ns + (t.ns % 1_000_000) };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
