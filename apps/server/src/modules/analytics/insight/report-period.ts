import { startOfLocalDay } from '@thunderwatch/domain/notify/daily-summary-due';
import { DEFAULT_TIME_ZONE } from '../../../config.js';

/**
 * A month YYYY-MM as [its first local midnight, the next month's] in the report's zone (its `time_zone`, which
 * the service fills with the deployment's TIME_ZONE when a report is asked for without one).
 */
export function monthRange(month: string, timeZone: string = DEFAULT_TIME_ZONE): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return {
    from: startOfLocalDay(`${month}-01`, timeZone),
    to: startOfLocalDay(`${next}-01`, timeZone),
  };
}

export function yearRange(year: number, timeZone: string): { from: Date; to: Date } {
  return {
    from: startOfLocalDay(`${year}-01-01`, timeZone),
    to: startOfLocalDay(`${year + 1}-01-01`, timeZone),
  };
}

/** A number as a report prints it: grouped, one decimal at most; a dash for none. */
export const fmt = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: 1 });
