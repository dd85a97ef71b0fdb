import { startOfLocalDay } from '@thunderwatch/domain/notify/daily-summary-due';

/** Reports count local time in China's zone: the months and years their readers mean. */
export const REPORT_TIME_ZONE = 'Asia/Shanghai';

/** A month YYYY-MM as [its first local midnight, the next month's). */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return {
    from: startOfLocalDay(`${month}-01`, REPORT_TIME_ZONE),
    to: startOfLocalDay(`${next}-01`, REPORT_TIME_ZONE),
  };
}

export function yearRange(year: number): { from: Date; to: Date } {
  return {
    from: startOfLocalDay(`${year}-01-01`, REPORT_TIME_ZONE),
    to: startOfLocalDay(`${year + 1}-01-01`, REPORT_TIME_ZONE),
  };
}

/** A number as a report prints it: grouped, one decimal at most; a dash for none. */
export const fmt = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: 1 });
