/**
 * When a user's daily lightning summary is due: once per local day, from 08:00 in their time zone, about
 * the local day before. The day's bounds are computed in the zone, so days around a daylight-saving change
 * are 23 or 25 hours long and a day whose midnight does not exist starts at its first existing minute.
 */

import { localParts } from '../common/local-time.js';

export const DAILY_SUMMARY_HOUR = 8;

export interface SummaryDay {
  /** The local day summarised, YYYY-MM-DD. */
  date: string;
  /** Its first instant. */
  from: Date;
  /** The first instant of the next local day (exclusive). */
  to: Date;
}

/** Local time minus UTC at an instant, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar date of an instant, YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

function dateParts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y as number, m as number, d as number];
}

/** The calendar date `days` after (or before) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first instant of a local date in a time zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = dateParts(date);
  const wallMidnight = Date.UTC(y, m - 1, d);
  const first = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  const second = wallMidnight - offsetMs(new Date(first), timeZone);
  if (first === second) return new Date(first);
  // The offset changes near midnight. Of the two guesses keep the earliest that lies on `date`; when
  // neither does, midnight fell in a gap and the later guess is the day's first existing minute.
  const candidates = [first, second].sort((a, b) => a - b);
  const onDate = candidates.find((t) => localDate(new Date(t), timeZone) === date);
  return new Date(onDate ?? (candidates[1] as number));
}

/** The local day before `now`'s, once it is 08:00 or later locally; null before that. */
export function dailySummaryDue(now: Date, timeZone: string, hour = DAILY_SUMMARY_HOUR): SummaryDay | null {
  if (localParts(now, timeZone).hour < hour) return null;
  const today = localDate(now, timeZone);
  const date = addDays(today, -1);
  return { date, from: startOfLocalDay(date, timeZone), to: startOfLocalDay(today, timeZone) };
}
