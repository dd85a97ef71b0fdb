import { DEFAULT_TIME_ZONE } from '../../../lib/time';

/**
 * The IANA zones a site is most likely in: China first (one zone in practice, Urumqi for Xinjiang's
 * local time), then the neighbours and the places customers' other sites tend to be.
 */
export const COMMON_TIME_ZONES = [
  DEFAULT_TIME_ZONE,
  'Asia/Urumqi',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Jakarta',
  'Asia/Manila',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Australia/Sydney',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'Africa/Johannesburg',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'UTC',
] as const;

/** The common zones, plus `current` first when a saved location uses another one. */
export function timeZoneChoices(current: string): string[] {
  const common: string[] = [...COMMON_TIME_ZONES];
  return common.includes(current) ? common : [current, ...common];
}
