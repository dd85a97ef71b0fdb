/**
 * Dates as the date fields show and read them, in the interface language rather than the browser's:
 * English "24 Nov 2026", Chinese "2026年11月24日"; ISO "2026-11-24" is read in both. Values stay ISO
 * (`YYYY-MM-DD`, with `THH:MM:SS` for a date and time) so the API calls do not change. Weeks start on
 * Monday, as in China and the UK. Pure: every date is a calendar day, computed in UTC.
 */
import { localeOf } from './time';

/** `YYYY-MM-DD`. */
export type IsoDate = string;

export interface CalendarDay {
  iso: IsoDate;
  day: number;
  /** Whether the day belongs to the month shown (the grid also shows the neighbours' days). */
  inMonth: boolean;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The ISO date of a year, month (1–12) and day, or null when there is no such day (31 April). */
export function isoDate(year: number, month: number, day: number): IsoDate | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Year, month (1–12) and day of an ISO date, or null when it is not one. */
export function dateParts(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isoDate(year, month, day) ? { year, month, day } : null;
}

function utc(iso: IsoDate): Date {
  const { year, month, day } = dateParts(iso) ?? { year: 1970, month: 1, day: 1 };
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return date;
}

const isoOf = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export function addDays(iso: IsoDate, days: number): IsoDate {
  return isoOf(new Date(utc(iso).getTime() + days * DAY_MS));
}

/** The same day `months` later, or the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const { year, month, day } = dateParts(iso) ?? { year: 1970, month: 1, day: 1 };
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return isoDate(y, m, Math.min(day, last)) ?? iso;
}

/** Monday-first weekday, 0–6. */
export const weekdayOf = (iso: IsoDate) => (utc(iso).getUTCDay() + 6) % 7;

/** Six Monday-first weeks around the month (1–12) of `year`: the same height every month. */
export function monthGrid(year: number, month: number): CalendarDay[] {
  const first = isoDate(year, month, 1) ?? '1970-01-01';
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: 42 }, (_, i) => {
    const iso = addDays(start, i);
    const parts = dateParts(iso);
    return { iso, day: parts?.day ?? 0, inMonth: parts?.month === month && parts.year === year };
  });
}

const format = (language: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(localeOf(language), { timeZone: 'UTC', ...options });

/** "24 Nov 2026" in English, "2026年11月24日" in Chinese. */
export function formatDisplayDate(iso: IsoDate, language: string): string {
  if (!dateParts(iso)) return iso;
  const month = language === 'zh-Hans' ? 'long' : 'short';
  return format(language, { year: 'numeric', month, day: 'numeric' }).format(utc(iso));
}

/** "Tuesday 24 November 2026", "2026年11月24日星期二": a day button's name for screen readers. */
export function formatLongDate(iso: IsoDate, language: string): string {
  return format(language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    utc(iso),
  );
}

/** "November 2026", "2026年11月". */
export function monthTitle(year: number, month: number, language: string): string {
  return format(language, { year: 'numeric', month: 'long' }).format(utc(isoDate(year, month, 1) ?? ''));
}

/** Monday-first short weekday names: "Mon" … "Sun", "周一" … "周日". */
export function weekdayNames(language: string): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) =>
    format(language, { weekday: 'short' }).format(utc(addDays('2024-01-01', i))),
  );
}

/** English month names and their abbreviations (with "Sept"), 1–12, lower case. */
const MONTH_WORDS: ReadonlyMap<string, number> = (() => {
  const words = new Map<string, number>([['sept', 9]]);
  for (let m = 1; m <= 12; m += 1) {
    for (const style of ['long', 'short'] as const) {
      const name = new Intl.DateTimeFormat('en-GB', { month: style, timeZone: 'UTC' }).format(
        utc(isoDate(2024, m, 1) ?? ''),
      );
      words.set(name.toLowerCase().replace(/\.$/, ''), m);
    }
  }
  return words;
})();

/**
 * The ISO date a typed text names, or null. Read in either language: "2026-11-24", "2026/11/24",
 * "2026.11.24", "2026年11月24日", "24 Nov 2026", "24 November 2026", "Nov 24, 2026". Day-first or
 * month-first numbers ("11/12/2026") are refused: they mean different days to different readers.
 */
export function parseTypedDate(text: string): IsoDate | null {
  const t = text
    .trim()
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode((c.codePointAt(0) ?? 0) - 0xfee0))
    .replace(/[（(][^)）]*[)）]|星期.|周.|(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?/gi, ' ')
    .trim();
  const numeric = /^(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})\s*日?$/.exec(t);
  if (numeric) return isoDate(Number(numeric[1]), Number(numeric[2]), Number(numeric[3]));
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})$/i.exec(t);
  const monthFirst = /^([a-z]+)\.?[\s-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s-]+(\d{4})$/i.exec(t);
  const [day, word, year] = dayFirst
    ? [dayFirst[1], dayFirst[2], dayFirst[3]]
    : monthFirst
      ? [monthFirst[2], monthFirst[1], monthFirst[3]]
      : [];
  const month = MONTH_WORDS.get(word?.toLowerCase() ?? '');
  return month ? isoDate(Number(year), month, Number(day)) : null;
}

/** `HH:MM:SS` from "8:30", "08:30:15", "0830", "8点30分", or null. 24-hour, as both languages show it. */
export function parseTypedTime(text: string): string | null {
  const t = text
    .trim()
    .replace(/：/g, ':')
    .replace(/[点時时]/g, ':')
    .replace(/分/g, ':')
    .replace(/秒/g, '');
  const match = /^(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?:?$/.exec(t);
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** A date or date-time value split for the two inputs; anything unreadable gives empty parts. */
export function splitDateTime(value: string): { date: IsoDate; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2})?)?$/.exec(value);
  if (!match || !dateParts(match[1] ?? '')) return { date: '', time: '' };
  return { date: match[1] ?? '', time: match[2] ? `${match[2]}${match[3] ?? ':00'}` : '' };
}

/** Today's ISO date in a time zone (the user's), from an instant. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
}
