import { addDays, localDate } from '../notify/daily-summary-due.js';

/**
 * The month a monthly report schedule is due for at `now`: the month before the local one, once the local
 * day and hour reach the schedule's; null before that or when that month was already made.
 */
export function scheduleDue(
  s: { day_of_month: number; hour: number; time_zone: string; last_period: string | null },
  now: Date,
): string | null {
  const today = localDate(now, s.time_zone);
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: s.time_zone, hour: 'numeric', hourCycle: 'h23' }).format(
      now,
    ),
  );
  const day = Number(today.slice(8, 10));
  if (day < s.day_of_month || (day === s.day_of_month && hour < s.hour)) return null;
  const previous = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  if (s.last_period !== null && s.last_period >= previous) return null;
  return previous;
}
