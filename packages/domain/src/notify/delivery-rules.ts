import type { Channel, RecipientKind } from '@thunderwatch/shared/notifications';
import type { QuietHours } from '@thunderwatch/shared/schemas/distribution';
import { localMinutes } from '../common/local-time.js';

/**
 * Rules of notification delivery: which channels reach a recipient, quiet hours, the per-recipient
 * duplicate window and the retry schedule.
 */

/** One recipient gets at most one message per location and level (and channel) in this window. */
export const DEDUPE_WINDOW_MS = 5 * 60_000;

/** Red alarms go through quiet hours. */
export const QUIET_HOURS_BYPASS_LEVEL = 3;

const KIND_CHANNELS: Record<RecipientKind, readonly Channel[]> = {
  user: ['inapp', 'email', 'sms', 'wechat'],
  // Everyone of a role is reached as each of them is.
  role: ['inapp', 'email', 'sms', 'wechat'],
  phone: ['sms'],
  email: ['email'],
  webhook: ['webhook'],
  wechat: ['wechat'],
  // A group robot is reached only through its own vendor's channel.
  dingtalk: ['dingtalk'],
  wecom: ['wecom'],
  feishu: ['feishu'],
  slack: ['slack'],
};

/** The channels of a list that can reach a recipient of this kind, in the list's order. */
export function channelsFor(kind: RecipientKind, listChannels: readonly Channel[]): Channel[] {
  return listChannels.filter((c) => KIND_CHANNELS[kind].includes(c));
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h as number) * 60 + (m as number);
}

/**
 * Whether an instant falls in quiet hours [from, to) in the time zone; the window may wrap past midnight
 * (22:00–07:00). from = to is an empty window.
 */
export function inQuietHours(quiet: QuietHours, at: Date, timeZone: string): boolean {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  const now = localMinutes(at, timeZone);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** Whether quiet hours hold back a message: never red, never the in-app inbox, which disturbs no one. */
export function quietHoursHoldBack(d: {
  quiet: QuietHours | null;
  level: number | null;
  channel: Channel;
  at: Date;
  timeZone: string;
}): boolean {
  if (!d.quiet || d.channel === 'inapp') return false;
  if (d.level !== null && d.level >= QUIET_HOURS_BYPASS_LEVEL) return false;
  return inQuietHours(d.quiet, d.at, d.timeZone);
}

/** The duplicate-window key: recipient, channel, location and level. */
export function dedupeKey(d: {
  kind: RecipientKind;
  value: string;
  channel: Channel;
  locationId: number;
  level: number;
}): string {
  return `${d.kind}:${d.value}:${d.channel}:${d.locationId}:${d.level}`;
}

export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60_000;

/**
 * Wait before attempt n+1 after n failed attempts: exponential from 5 s, capped at 10 min, with ±20 %
 * jitter (`random` in [0, 1)) so that a receiver coming back is not hit by every retry at once.
 */
export function retryDelayMs(failedAttempts: number, random: number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}
