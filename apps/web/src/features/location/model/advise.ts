import type { AdviceSet, AdviseObjective, AdviseSite } from '@thunderwatch/shared/schemas/advise';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import {
  ADVISE_DEFAULT_MAX_FAR,
  ADVISE_DEFAULT_MIN_POD,
  ADVISE_MAX_DAYS,
} from '@thunderwatch/shared/warnings';
import { addDays, type IsoDate, isoDate, todayIn } from '../../../lib/calendar-dates';
import { zonedLocalToIso } from '../../../lib/time';

/**
 * What the rules advisor shows of its answer, pure: the period as local days, the objective from the form,
 * a rule set in one line, the sets' order in the table, the recommendation's numbers.
 */

export const ADVISE_DEFAULT_DAYS = 30;

export type ObjectiveKind = AdviseObjective['kind'];
export const OBJECTIVE_KINDS: readonly ObjectiveKind[] = [
  'least_warning_at_pod',
  'best_csi',
  'most_lead_at_far',
];

/** The form's default threshold (percent) per objective; best CSI has none. */
export const DEFAULT_THRESHOLD: Record<ObjectiveKind, string> = {
  least_warning_at_pod: String(Math.round(ADVISE_DEFAULT_MIN_POD * 100)),
  best_csi: '',
  most_lead_at_far: String(Math.round(ADVISE_DEFAULT_MAX_FAR * 100)),
};

/** The last `days` local days of `timeZone`, today included (it ends at now: the server caps the end). */
export function lastLocalDays(
  now: Date,
  timeZone: string,
  days = ADVISE_DEFAULT_DAYS,
): { from: IsoDate; to: IsoDate } {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

export type PeriodProblem = 'period_required' | 'period_order' | 'period_too_long';

/**
 * Local days `from`…`to` (both included) as the instants the API takes: the first day's midnight to the
 * midnight after the last, in `timeZone`. At most `ADVISE_MAX_DAYS` days.
 */
export function periodToIso(
  from: string,
  to: string,
  timeZone: string,
): { from: string; to: string } | { problem: PeriodProblem } {
  const first = dayOf(from);
  const last = dayOf(to);
  if (!first || !last) return { problem: 'period_required' };
  if (last < first) return { problem: 'period_order' };
  const days =
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > ADVISE_MAX_DAYS) return { problem: 'period_too_long' };
  const start = zonedLocalToIso(`${first}T00:00:00`, timeZone);
  const end = zonedLocalToIso(`${addDays(last, 1)}T00:00:00`, timeZone);
  if (!start || !end) return { problem: 'period_required' };
  return { from: start, to: end };
}

function dayOf(text: string): IsoDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!match) return null;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

export type ObjectiveProblem = 'threshold_invalid';

/**
 * The objective from the form: its kind and a threshold typed in percent ("80", "80%", "0,8" is not a
 * percent: 0–100 only). An empty threshold takes the server's default.
 */
export function parseObjective(
  kind: string,
  threshold: string,
): { objective: AdviseObjective } | { problem: ObjectiveProblem } {
  const known = (OBJECTIVE_KINDS as readonly string[]).includes(kind) ? (kind as ObjectiveKind) : null;
  if (!known) return { problem: 'threshold_invalid' };
  if (known === 'best_csi') return { objective: { kind: 'best_csi' } };
  const text = threshold.trim().replace(/%$/, '').trim().replace(',', '.');
  let fraction: number | undefined;
  if (text !== '') {
    if (!/^\d+(\.\d+)?$/.test(text)) return { problem: 'threshold_invalid' };
    const value = Number(text);
    if (!(value >= 0 && value <= 100)) return { problem: 'threshold_invalid' };
    fraction = Math.round(value * 10) / 1000;
  }
  if (known === 'least_warning_at_pod')
    return { objective: fraction === undefined ? { kind: known } : { kind: known, min_pod: fraction } };
  return { objective: fraction === undefined ? { kind: known } : { kind: known, max_far: fraction } };
}

/** The threshold an objective holds, as the percent text the form shows. */
export function thresholdOf(objective: AdviseObjective): string {
  if (objective.kind === 'least_warning_at_pod')
    return percentText(objective.min_pod ?? ADVISE_DEFAULT_MIN_POD);
  if (objective.kind === 'most_lead_at_far') return percentText(objective.max_far ?? ADVISE_DEFAULT_MAX_FAR);
  return '';
}

const percentText = (fraction: number) => String(Math.round(fraction * 1000) / 10);

/** Distinct values joined by '/', in ring order (inner → outer). */
const distinct = (values: readonly number[]) => [...new Set(values)].map((v) => formatNumber(v)).join('/');

const formatNumber = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A rule set in one line's parts: the radii inner → outer ("10/20/30"), the all-clear, the noise threshold
 * ("1 in 5 min"). Rings that differ in all-clear or threshold show each distinct value, '/'-joined.
 */
export type RingsSummary = {
  radii: string;
  allClear: string;
  strokes: string;
  window: string;
};

export function ringsSummary(rings: readonly Ring[]): RingsSummary {
  // Inner → outer: the highest level first, then by radius.
  const ordered = [...rings].sort((a, b) => b.level - a.level || a.radius_km - b.radius_km);
  return {
    radii: distinct(ordered.map((r) => r.radius_km)),
    allClear: distinct(ordered.map((r) => r.all_clear_min)),
    strokes: distinct(ordered.map((r) => r.min_strokes)),
    window: distinct(ordered.map((r) => r.window_min)),
  };
}

/** The English line, for titles and tests; the screen words it through `advise.rings_summary`. */
export function ringsSummaryText(rings: readonly Ring[]): string {
  const s = ringsSummary(rings);
  return `${s.radii} km · ${s.allClear} min · ${s.strokes} in ${s.window} min`;
}

export type SortKey = 'front' | 'pod' | 'far' | 'csi' | 'median_lead_time_min' | 'warning_minutes';
export interface SortOrder {
  key: SortKey;
  descending: boolean;
}

/** The table's first order: the front first, by warning minutes, then the rest by warning minutes. */
export const FRONT_FIRST: SortOrder = { key: 'front', descending: false };

/** Which way a column sorts first when clicked: the better end first. */
export const BETTER_FIRST: Record<Exclude<SortKey, 'front'>, boolean> = {
  pod: true,
  far: false,
  csi: true,
  median_lead_time_min: true,
  warning_minutes: false,
};

/**
 * The site's sets in the table's order. `front`: the front's sets in the front's order, then the others by
 * warning minutes. A figure: by it (a missing figure last either way), ties by warning minutes.
 */
export function sortSets(site: Pick<AdviseSite, 'sets' | 'front'>, order: SortOrder): AdviceSet[] {
  const byMinutes = (a: AdviceSet, b: AdviceSet) =>
    a.warning_minutes - b.warning_minutes || a.id.localeCompare(b.id);
  if (order.key === 'front') {
    const rank = new Map(site.front.map((id, i) => [id, i]));
    return [...site.sets].sort((a, b) => {
      const ra = rank.get(a.id);
      const rb = rank.get(b.id);
      if (ra !== undefined && rb !== undefined) return ra - rb;
      if (ra !== undefined) return -1;
      if (rb !== undefined) return 1;
      return byMinutes(a, b);
    });
  }
  const key = order.key;
  const sign = order.descending ? -1 : 1;
  return [...site.sets].sort((a, b) => {
    const va = a[key];
    const vb = b[key];
    if (va === null && vb === null) return byMinutes(a, b);
    if (va === null) return 1;
    if (vb === null) return -1;
    return sign * (va - vb) || byMinutes(a, b);
  });
}

/** The next order after a click on `key`: a new column starts at its better end, the same one flips. */
export function nextOrder(current: SortOrder, key: SortKey): SortOrder {
  if (key === 'front') return FRONT_FIRST;
  if (current.key === key) return { key, descending: !current.descending };
  return { key, descending: BETTER_FIRST[key] };
}

/** Shares (POD, FAR, CSI) as whole percents; other numbers as they are. Unknown keys pass through. */
const SHARE_PARAMS = /(^|_)(pod|far|csi)$/;

/** A recommendation's (or error's) params ready for a translation: shares as "80%". */
export function wordParams(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'number')
      out[key] = SHARE_PARAMS.test(key) ? `${Math.round(value * 100)}%` : Math.round(value * 10) / 10;
    else if (typeof value === 'string') out[key] = value;
    else if (value !== null && value !== undefined) out[key] = JSON.stringify(value);
  }
  return out;
}

/** A set's point on the chart: [warning minutes, POD] (POD null: no events, not drawn). */
export function pointOf(set: AdviceSet): [number, number] | null {
  return set.pod === null ? null : [set.warning_minutes, set.pod];
}

/** Progress as a whole percent, 0 until the total is known. */
export function progressPercent(progress: { done: number; total: number }): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}
