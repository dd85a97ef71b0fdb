export interface WindowVerdict {
  allowed: boolean;
  /** Whole seconds until the oldest counted event leaves the window (0 when allowed). */
  retryAfterSec: number;
}

/**
 * A sliding-window limit: at most `limit` events within `windowMs` before `now`.
 * `events` are the epoch milliseconds of past events (any order).
 */
export function slidingWindow(
  events: readonly number[],
  now: number,
  limit: number,
  windowMs: number,
): WindowVerdict {
  const inWindow = events.filter((t) => t > now - windowMs && t <= now).sort((a, b) => a - b);
  if (inWindow.length < limit) return { allowed: true, retryAfterSec: 0 };
  const freesAt = (inWindow[inWindow.length - limit] as number) + windowMs;
  return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
}
