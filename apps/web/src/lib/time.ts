import type { Language } from '@thunderwatch/shared/languages';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The zone if the browser knows it, else the default. */
export function validZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function localeOf(language: string): string {
  return language === 'zh-Hans' ? 'zh-CN' : 'en-GB';
}

/** An ISO instant as `yyyy-mm-dd hh:mm:ss`-like text in the user's time zone. */
export function formatDateTime(
  iso: string,
  timeZone: string | null | undefined,
  language: Language | string,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: validZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** An instant (epoch ms) as `hh:mm` in the user's time zone, for chart axes and short notes. */
export function formatHourMinute(
  epochMs: number,
  timeZone: string | null | undefined,
  language: string,
): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: validZone(timeZone),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(epochMs));
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A `datetime-local` value (wall-clock time in `timeZone`) as an ISO UTC instant, so filters mean the
 * same hours the table shows. Null for an empty or malformed value.
 */
export function zonedLocalToIso(local: string, timeZone: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const zone = validZone(timeZone);
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  // Two passes settle the offset across a daylight-saving change.
  let instant = wall - zoneOffset(wall, zone);
  instant = wall - zoneOffset(instant, zone);
  return new Date(instant).toISOString();
}

/** The IANA zones the browser knows, for the profile's time-zone picker. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
