import { addDays, localDate, startOfLocalDay } from '../notify/daily-summary-due.js';

/** What a device's heartbeat reports about its health. */
export interface HeartbeatHealth {
  gps_lock: boolean;
  temperature_c: number;
  voltage_v: number;
  /** Background noise, 0–100 (% of the receiver's range). */
  noise: number;
}

export type DeviceStatus = 'online' | 'degraded' | 'offline';
export type DegradedReason = 'no_gps_lock' | 'temperature' | 'voltage' | 'noise';

/**
 * When a heartbeat makes a device `degraded` rather than `online`: it still detects, but its fixes or its
 * sensitivity suffer. No GPS lock (stroke times lose their microseconds, so no location); an enclosure
 * colder than −30 °C or hotter than 60 °C; a supply below 11 V or above 14.8 V (a 12 V battery nearly flat
 * or overcharging); noise at or above 70 % of the range (the trigger threshold rises, weak strokes are missed).
 */
export const DEVICE_HEALTH = {
  temperatureC: { min: -30, max: 60 },
  voltageV: { min: 11, max: 14.8 },
  noiseMax: 70,
} as const;

/** The reasons a heartbeat is degraded, in a fixed order; none: online. */
export function degradedReasons(h: HeartbeatHealth): DegradedReason[] {
  const out: DegradedReason[] = [];
  if (!h.gps_lock) out.push('no_gps_lock');
  const t = DEVICE_HEALTH.temperatureC;
  if (h.temperature_c < t.min || h.temperature_c > t.max) out.push('temperature');
  const v = DEVICE_HEALTH.voltageV;
  if (h.voltage_v < v.min || h.voltage_v > v.max) out.push('voltage');
  if (h.noise >= DEVICE_HEALTH.noiseMax) out.push('noise');
  return out;
}

/**
 * A device's status now: `offline` without a heartbeat in the last `offlineMin` minutes (or none ever),
 * else `degraded` when its latest heartbeat has reasons, else `online`.
 */
export function deviceStatus(
  last: { at: Date; reasons: readonly DegradedReason[] } | null,
  now: Date,
  offlineMin: number,
): DeviceStatus {
  if (!last || now.getTime() - last.at.getTime() >= offlineMin * 60_000) return 'offline';
  return last.reasons.length > 0 ? 'degraded' : 'online';
}

/** One status change: from `at` on, the device was `status`. */
export interface StatusChange {
  at: Date;
  status: DeviceStatus;
}

export interface DayUptime {
  /** The local day (of the asked zone), YYYY-MM-DD. */
  date: string;
  /** Share of the day's observed time the device was up (online or degraded), 0–100, one decimal; null
   * when nothing of the day was observed (before the first change, or after `now`). */
  uptime_pct: number | null;
}

const DAY = 86_400_000;

/** The longest period dailyUptime answers day by day (ten years; the API asks for at most 90 days). */
export const MAX_UPTIME_DAYS = 3660;

/**
 * Uptime per local day of `timeZone` (default UTC) from `from` (the start of its day is taken) up to `now`:
 * `changes` sorted by time, the first of them at or before `from` when the device existed then. Time before
 * the first change is not counted (the device was not installed, or not registered), nor time after `now`.
 * Degraded counts as up: the device still detects.
 */
export function dailyUptime(
  changes: readonly StatusChange[],
  from: Date,
  now: Date,
  timeZone = 'UTC',
): DayUptime[] {
  const end = now.getTime();
  // Day by day below: a period from the year -271821 (or from -Infinity) would take for ever.
  if (!Number.isFinite(from.getTime()) || !Number.isFinite(end)) return [];
  if ((end - from.getTime()) / DAY > MAX_UPTIME_DAYS)
    throw new RangeError(`dailyUptime: more than ${MAX_UPTIME_DAYS} days from ${from.toISOString()}`);
  const out: DayUptime[] = [];
  let date = localDate(from, timeZone);
  for (let day = startOfLocalDay(date, timeZone).getTime(); day < end; ) {
    const next = addDays(date, 1);
    const nextStart = startOfLocalDay(next, timeZone).getTime();
    const dayEnd = Math.min(nextStart, end);
    let observed = 0;
    let up = 0;
    for (let i = 0; i < changes.length; i++) {
      const c = changes[i] as StatusChange;
      const a = Math.max(c.at.getTime(), day);
      const b = Math.min(changes[i + 1]?.at.getTime() ?? end, dayEnd);
      if (b <= a) continue;
      observed += b - a;
      if (c.status !== 'offline') up += b - a;
    }
    out.push({ date, uptime_pct: observed === 0 ? null : Math.round((up / observed) * 1000) / 10 });
    date = next;
    day = nextStart;
  }
  return out;
}
