import type { SheetCell, SheetColumnKind } from '@thunderwatch/shared/schemas/sheets';
import { formatDateTime, localeOf, zonedLocalToIso } from '../../../lib/time';

/** A cell as the table shows it: numbers grouped in the language's style, times in the user's zone. */
export function formatCell(
  value: SheetCell,
  kind: SheetColumnKind,
  timeZone: string,
  language: string,
): string {
  if (value === null) return '—';
  if (kind === 'datetime' && typeof value === 'string') return formatDateTime(value, timeZone, language);
  if (typeof value === 'number') {
    const text = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value);
    return kind === 'percent' ? `${text} %` : text;
  }
  return String(value);
}

export const isNumeric = (kind: SheetColumnKind) =>
  kind === 'integer' || kind === 'number' || kind === 'percent';

/** A calendar month (YYYY-MM) as the period [its first midnight, the next month's) in the time zone. */
export function monthPeriod(month: string, timeZone: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  if (m < 1 || m > 12) return null;
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  const from = zonedLocalToIso(`${month}-01T00:00`, timeZone);
  const to = zonedLocalToIso(`${next}-01T00:00`, timeZone);
  return from && to ? { from, to } : null;
}

/** This month in the time zone, YYYY-MM. */
export function currentMonth(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}
