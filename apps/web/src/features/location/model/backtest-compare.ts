import { localDateTimeSeconds } from '@thunderwatch/domain/common/local-time';
import type { BacktestResult, BacktestSkill } from '@thunderwatch/shared/schemas/backtest';

/**
 * What the backtest panel shows of two replays of the same range: the level as a step line, and each
 * skill figure of set A and B with B's difference and whether it is an improvement.
 */

export type SkillKey =
  | 'pod'
  | 'far'
  | 'csi'
  | 'median_lead_time_min'
  | 'median_time_to_clear_min'
  | 'false_alarm_minutes'
  | 'false_alarms'
  | 'failures_to_warn';

/** Whether a larger value is better (POD), worse (FAR) or neither (time to clear: shorter costs less). */
const DIRECTION: Record<SkillKey, 1 | -1> = {
  pod: 1,
  far: -1,
  csi: 1,
  median_lead_time_min: 1,
  median_time_to_clear_min: -1,
  false_alarm_minutes: -1,
  false_alarms: -1,
  failures_to_warn: -1,
};
export const SKILL_KEYS = Object.keys(DIRECTION) as SkillKey[];
const SHARES: ReadonlySet<SkillKey> = new Set(['pod', 'far', 'csi']);

export interface SkillRow {
  key: SkillKey;
  a: string;
  b: string;
  /** B − A as text with its sign (points for shares), '' when either is missing or they are equal. */
  diff: string;
  /** 'better' or 'worse' for B against A, null when equal or not comparable. */
  verdict: 'better' | 'worse' | null;
}

function text(key: SkillKey, value: number | null): string {
  if (value === null) return '–';
  return SHARES.has(key) ? `${Math.round(value * 100)}%` : String(Math.round(value));
}

/** One row per figure: A, B, and B's difference (shares in percentage points, the rest in whole units). */
export function skillRows(a: BacktestSkill, b: BacktestSkill): SkillRow[] {
  return SKILL_KEYS.map((key) => {
    const [x, y] = [a[key], b[key]];
    const row: SkillRow = { key, a: text(key, x), b: text(key, y), diff: '', verdict: null };
    if (x === null || y === null) return row;
    const scale = SHARES.has(key) ? 100 : 1;
    const delta = Math.round(y * scale) - Math.round(x * scale);
    if (delta === 0) return row;
    row.diff = `${delta > 0 ? '+' : '−'}${Math.abs(delta)}${SHARES.has(key) ? ' pp' : ''}`;
    row.verdict = delta * DIRECTION[key] > 0 ? 'better' : 'worse';
    return row;
  });
}

/**
 * The level as points of a step line over [from, until]: each change at its time, and the last level
 * held to the end.
 */
export function levelSeries(r: Pick<BacktestResult, 'timeline' | 'until'>): [number, number][] {
  const points: [number, number][] = r.timeline.map((s) => [Date.parse(s.time), s.level]);
  const last = points[points.length - 1];
  if (last) points.push([Date.parse(r.until), last[1]]);
  return points;
}

/**
 * The predicted periods (a lightning jump raised the level above the rings') as points of a step line at
 * their level, broken between periods (null), over the same axis as `levelSeries`.
 */
export function predictedSeries(r: Pick<BacktestResult, 'timeline' | 'until'>): [number, number | null][] {
  const points: [number, number | null][] = [];
  r.timeline.forEach((s, i) => {
    if (!s.predicted) return;
    const end = Date.parse(r.timeline[i + 1]?.time ?? r.until);
    points.push([Date.parse(s.time), s.level], [end, s.level], [end, null]);
  });
  return points;
}

/**
 * The default range: the last 24 hours up to now, as wall-clock text in `timeZone` (whole minutes: its end is
 * the next minute, so the current minute's strokes are in it; the server ends a range at now).
 */
export function lastDay(now: Date, timeZone: string): { from: string; to: string } {
  const wall = (d: Date) => localDateTimeSeconds(d, timeZone).replace(' ', 'T');
  const to = new Date(Math.ceil((now.getTime() + 1) / 60_000) * 60_000);
  return { from: wall(new Date(to.getTime() - 86_400_000)), to: wall(to) };
}

/** Day and time without the year, in the location's zone: what the chart's axis and the alerts show. */
export function shortTime(ms: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

/**
 * Whether a backtest range starts before the site was made: the replay then scores storms the site did not
 * watch yet (its live skill counts only from its `created_at`), which the panel says.
 */
export function startsBeforeSite(fromIso: string | null, createdAt: string): boolean {
  return fromIso !== null && Date.parse(fromIso) < Date.parse(createdAt);
}
