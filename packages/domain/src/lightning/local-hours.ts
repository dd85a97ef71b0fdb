/**
 * Local days from hourly rollups. The rollups are kept per UTC hour (keyed by the hour's start), so a local
 * day, hour of day or month of any time zone whose offset is a whole number of hours is a sum of whole rows:
 * a zone change needs no rebuild. Zones offset by a fraction of an hour (Asia/Kolkata, +05:30) would cut
 * rows in two; the statistics refuse them (`fractionalOffset`).
 */
import { addDays, startOfLocalDay } from '../notify/daily-summary-due.js';
import { ZoneOffsets } from './stroke-query-agg.js';
import { emptyCounts, mergeCounts, type RollupCounts } from './stroke-rollup.js';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 86_400_000;

/** The canonical IANA name of a time zone, or null when the runtime knows no such zone. */
export function canonicalTimeZone(name: string): string | null {
  if (name.trim() === '') return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The first offset from UTC (minutes) of the zone in [fromMs, toMs] that is not a whole number of hours, or
 * null when every one is. Read at both ends and every week between: zones change offset at most a few times a
 * year, and none has held a fractional offset for less than a week.
 */
export function fractionalOffset(timeZone: string, fromMs: number, toMs: number): number | null {
  const offsets = new ZoneOffsets(timeZone);
  const check = (t: number) => {
    const ms = offsets.offsetMs(t);
    return ms % HOUR_MS === 0 ? null : ms / 60_000;
  };
  for (let t = fromMs; t < toMs; t += WEEK_MS) {
    const found = check(t);
    if (found !== null) return found;
  }
  return check(toMs);
}

/** The local days from…to (inclusive, YYYY-MM-DD) of a zone as the instants [from, to). */
export function localDayRange(fromDay: string, toDay: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfLocalDay(fromDay, timeZone), to: startOfLocalDay(addDays(toDay, 1), timeZone) };
}

/** Where an hour (by its start) falls in a zone: the local date, hour of day and month. */
export interface LocalHour {
  date: string;
  hour: number;
  month: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local dates and hours of UTC hour starts in one zone (offsets cached per quarter hour). */
export class LocalHours {
  private readonly offsets: ZoneOffsets;

  constructor(timeZone: string) {
    this.offsets = new ZoneOffsets(timeZone);
  }

  /** The local hour holding the instant (for an hour start in a whole-hour zone: the hour itself). */
  of(ms: number): LocalHour {
    const d = new Date(ms + this.offsets.offsetMs(ms));
    const month = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
    return { date: `${month}-${pad(d.getUTCDate())}`, hour: d.getUTCHours(), month };
  }
}

/** One local day's counts, with strokes and CG strokes per local hour of the day. */
export interface LocalDay {
  date: string;
  c: RollupCounts;
  /** Strokes per local hour of the day, 0…23. */
  hours: number[];
  /** CG strokes per local hour of the day. */
  cgHours: number[];
}

/** Hourly rows (any order) summed per local day of the zone, in date order; days without rows are absent. */
export function localDays(rows: Iterable<{ hourMs: number; c: RollupCounts }>, timeZone: string): LocalDay[] {
  const at = new LocalHours(timeZone);
  const days = new Map<string, LocalDay>();
  for (const r of rows) {
    const { date, hour } = at.of(r.hourMs);
    let day = days.get(date);
    if (!day) {
      day = { date, c: emptyCounts(), hours: new Array(24).fill(0), cgHours: new Array(24).fill(0) };
      days.set(date, day);
    }
    day.c = mergeCounts(day.c, r.c);
    day.hours[hour] = (day.hours[hour] as number) + r.c.strokes;
    day.cgHours[hour] = (day.cgHours[hour] as number) + r.c.cg;
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
