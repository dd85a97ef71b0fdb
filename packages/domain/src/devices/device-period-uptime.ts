import type { StatusChange } from './device-status.js';

export interface PeriodUptime {
  /** Share of the observed time spent online or degraded; null when nothing of the period was observed. */
  uptime_pct: number | null;
  /** Times the device went offline within the period (from online or degraded). */
  outages: number;
  offline_min: number;
}

/**
 * A device's uptime over [from, to) from its status changes sorted by time, led by the last change before
 * `from` when there is one. Time before the first change (not yet registered) is not observed; degraded counts
 * as up (the device still detects).
 */
export function periodUptime(changes: readonly StatusChange[], fromMs: number, toMs: number): PeriodUptime {
  let observed = 0;
  let up = 0;
  let outages = 0;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i] as StatusChange;
    const at = c.at.getTime();
    const a = Math.max(at, fromMs);
    const b = Math.min(changes[i + 1]?.at.getTime() ?? toMs, toMs);
    if (c.status === 'offline' && at >= fromMs && at < toMs && i > 0 && changes[i - 1]?.status !== 'offline')
      outages++;
    if (b <= a) continue;
    observed += b - a;
    if (c.status !== 'offline') up += b - a;
  }
  return {
    uptime_pct: observed === 0 ? null : Math.round((up / observed) * 1000) / 10,
    outages,
    offline_min: Math.round(((observed - up) / 60_000) * 10) / 10,
  };
}
