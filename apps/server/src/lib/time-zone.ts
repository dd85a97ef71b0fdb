import { canonicalTimeZone, fractionalOffset } from '@thunderwatch/domain/lightning/local-hours';
import { AppError } from './app-error.js';

/**
 * The time zone a request counts its days in: its `time_zone` (an IANA name, 400 naming the field when the
 * runtime knows no such zone), else the deployment's (`TIME_ZONE`).
 */
export function requestTimeZone(value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  const zone = canonicalTimeZone(value);
  if (zone === null)
    throw new AppError('validation.failed', 400, `time_zone is not an IANA time zone: "${value}"`, [
      { field: 'time_zone', message: 'not an IANA time zone' },
    ]);
  return zone;
}

/**
 * For what is read from the hourly rollups: a zone offset from UTC by a fraction of an hour in [from, to)
 * (Asia/Kolkata, +05:30) would cut the rollups' UTC hours in two, so it is refused with 400 naming time_zone.
 */
export function requireWholeHours(zone: string, from: Date, to: Date): void {
  const minutes = fractionalOffset(zone, from.getTime(), to.getTime());
  if (minutes !== null) {
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    throw new AppError(
      'validation.failed',
      400,
      `time_zone ${zone} is UTC${offset}: lightning is counted per whole UTC hour, so only time zones offset from UTC by whole hours can be asked`,
      [{ field: 'time_zone', message: `offset ${offset} is not a whole number of hours` }],
    );
  }
}
