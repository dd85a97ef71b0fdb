/** The statistic screen's pure parts: the area the picker describes as API parameters, periods, CSV. */
import { todayIn } from '../../../lib/calendar-dates';

export type AreaKind = 'province' | 'city' | 'zone' | 'location';

export interface AreaChoice {
  kind: AreaKind;
  province: string;
  city: string;
  zoneId: string;
  locationId: string;
}

/** The API parameters of an area, or null while the picker is incomplete. */
export function areaParams(a: AreaChoice): Record<string, string> | null {
  switch (a.kind) {
    case 'province':
      return a.province ? { area: 'province', code: a.province } : null;
    case 'city':
      return a.city ? { area: 'city', code: a.city } : null;
    case 'zone':
      return a.zoneId ? { area: 'zone', zone_id: a.zoneId } : null;
    case 'location':
      return a.locationId ? { area: 'location', location_id: a.locationId } : null;
  }
}

/** The default period: the current year up to today, in the user's zone (the one the statistics count in). */
export function defaultPeriod(now: Date, timeZone: string): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** Whether a period is well-formed: dates, from ≤ to, at most ten years. */
export function periodProblem(from: string, to: string): 'missing' | 'order' | 'too_long' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'missing';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (!Number.isFinite(days) || days < 1) return 'order';
  return days > 3653 ? 'too_long' : null;
}

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** A table as CSV (UTF-8 with BOM so spreadsheet programs read Chinese headers), CRLF lines. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A file name from the chart's name and the period. */
export function fileStem(chart: string, from: string, to: string): string {
  return `${chart}_${from}_${to}`;
}
