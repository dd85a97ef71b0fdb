import type { Ring } from '@thunderwatch/shared/schemas/locations';
import { areValidRings, sortRings } from './ring-validation.js';

/**
 * The rules advisor's grid: the rule sets a site's history is replayed through, the Pareto front
 * of more warning against more disruption, and the set an objective recommends. Pure: the scores come from
 * the backtest (`Backtest` with one event definition for every set of a site, docs/api.md).
 *
 * A grid set has three rings, levels 3, 2, 1 inner to outer, one all-clear time and one noise threshold for
 * all three, IC counted as the site's current innermost ring counts it. Its id spells it out:
 * `i<inner km>-m<middle km>-o<outer km>-ac<all-clear min>-n<min strokes>`, `-p` when predicted. The
 * thresholds are `n1` (1 stroke in 1 min, the default) and `n2` (2 strokes within 5 min).
 */

/** Inner, middle and outer radii tried (km); a set uses increasing radii. */
export const GRID_INNER_KM = [5, 10, 15, 20] as const;
export const GRID_MIDDLE_KM = [15, 20, 30] as const;
export const GRID_OUTER_KM = [30, 40, 60] as const;
export const GRID_ALL_CLEAR_MIN = [15, 30] as const;
/** Noise thresholds: [min strokes, window minutes]. */
export const GRID_THRESHOLDS = [
  [1, 1],
  [2, 5],
] as const;
/**
 * Radii (inner, middle, outer) of the few ring-only sets also tried with predicted warnings (all-clear 30,
 * threshold n1): each costs nothing in the rings' replay but the cell tracker's replay (once per site,
 * shared by every predicted set) and a stroke box as wide as the prediction's range plus 100 km.
 */
export const GRID_PREDICTED_RADII = [
  [5, 15, 30],
  [10, 20, 30],
  [10, 20, 40],
  [15, 30, 60],
] as const;

/** One rule set of the grid. */
export interface RuleSet {
  id: string;
  rings: Ring[];
  predicted: boolean;
}

/** The id of a set: `i10-m20-o30-ac30-n1` for a grid set, `current` (`current-p`) for other rings. */
export function ruleSetId(rings: readonly Ring[], predicted: boolean): string {
  const suffix = predicted ? '-p' : '';
  const sorted = sortRings(rings);
  const [inner, middle, outer] = sorted;
  const first = sorted[0] as Ring;
  const threshold = GRID_THRESHOLDS.findIndex(([n, w]) => first.min_strokes === n && first.window_min === w);
  const gridLike =
    sorted.length === 3 &&
    inner?.level === 3 &&
    middle?.level === 2 &&
    outer?.level === 1 &&
    threshold >= 0 &&
    sorted.every(
      (r) =>
        r.all_clear_min === first.all_clear_min &&
        r.min_strokes === first.min_strokes &&
        r.window_min === first.window_min &&
        r.include_ic === first.include_ic,
    );
  if (!gridLike) return `current${suffix}`;
  const n = GRID_THRESHOLDS[threshold]?.[0];
  return `i${inner.radius_km}-m${middle.radius_km}-o${outer.radius_km}-ac${first.all_clear_min}-n${n}${suffix}`;
}

function gridRings(
  radii: readonly number[],
  allClearMin: number,
  threshold: readonly [number, number],
  includeIc: boolean,
): Ring[] {
  return radii.map((radius_km, i) => ({
    radius_km,
    level: (3 - i) as 1 | 2 | 3,
    all_clear_min: allClearMin,
    min_strokes: threshold[0],
    window_min: threshold[1],
    include_ic: includeIc,
  }));
}

/**
 * The sets to replay for a site: the grid (92 ring-only sets; with `predicted`, the few of
 * `GRID_PREDICTED_RADII` again with predicted warnings) and the site's current rules (`currentPredicted`:
 * whether its predicted warnings are on), marked by `currentId`. Every set's rings pass the location rules
 * (`validateRings`); the current rules are taken as they are (they were checked when saved).
 */
export function adviceGrid(
  current: readonly Ring[],
  options: { currentPredicted: boolean; predicted: boolean },
): { sets: RuleSet[]; currentId: string } {
  const includeIc = sortRings(current)[0]?.include_ic ?? true;
  const sets: RuleSet[] = [];
  const add = (rings: Ring[], predicted: boolean) => {
    if (!areValidRings(rings)) throw new RangeError(`invalid grid rings ${JSON.stringify(rings)}`);
    sets.push({ id: ruleSetId(rings, predicted), rings, predicted });
  };
  for (const inner of GRID_INNER_KM)
    for (const middle of GRID_MIDDLE_KM)
      for (const outer of GRID_OUTER_KM) {
        if (!(inner < middle && middle < outer)) continue;
        for (const allClear of GRID_ALL_CLEAR_MIN)
          for (const threshold of GRID_THRESHOLDS)
            add(gridRings([inner, middle, outer], allClear, threshold, includeIc), false);
      }
  if (options.predicted) {
    for (const radii of GRID_PREDICTED_RADII) add(gridRings(radii, 30, GRID_THRESHOLDS[0], includeIc), true);
  }
  const currentRings = sortRings(current);
  const currentId = ruleSetId(currentRings, options.currentPredicted);
  const same = sets.find((s) => s.id === currentId);
  if (same === undefined)
    sets.push({ id: currentId, rings: currentRings, predicted: options.currentPredicted });
  else if (currentId.startsWith('current')) throw new RangeError('duplicate current set');
  return { sets, currentId };
}

/** What the front and the objectives read of a scored set. */
export interface ScoredSet {
  id: string;
  pod: number | null;
  far: number | null;
  csi: number | null;
  median_lead_time_min: number | null;
  warning_minutes: number;
}

/**
 * The Pareto front of more warning (POD, higher better) against more disruption (minutes under warning,
 * fewer better): the sets no other set beats on one without losing on the other, by warning minutes (then
 * id). A null POD (no events) counts as 0, so without events the front is the least-warning sets.
 */
export function paretoFront(sets: readonly ScoredSet[]): string[] {
  const pod = (s: ScoredSet) => s.pod ?? 0;
  const dominated = (s: ScoredSet) =>
    sets.some(
      (o) =>
        pod(o) >= pod(s) &&
        o.warning_minutes <= s.warning_minutes &&
        (pod(o) > pod(s) || o.warning_minutes < s.warning_minutes),
    );
  return sets
    .filter((s) => !dominated(s))
    .sort((a, b) => a.warning_minutes - b.warning_minutes || a.id.localeCompare(b.id))
    .map((s) => s.id);
}

export type AdviceObjective =
  | { kind: 'least_warning_at_pod'; min_pod?: number }
  | { kind: 'best_csi' }
  | { kind: 'most_lead_at_far'; max_far?: number };

export const DEFAULT_MIN_POD = 0.8;
export const DEFAULT_MAX_FAR = 0.3;

/** An objective with its defaults filled in. */
export function fullObjective(objective: AdviceObjective | undefined): Required<AdviceObjective> {
  const o = objective ?? { kind: 'least_warning_at_pod' };
  if (o.kind === 'least_warning_at_pod') return { kind: o.kind, min_pod: o.min_pod ?? DEFAULT_MIN_POD };
  if (o.kind === 'most_lead_at_far') return { kind: o.kind, max_far: o.max_far ?? DEFAULT_MAX_FAR };
  return o;
}

export interface Recommendation {
  setId: string | null;
  code: 'meets_objective' | 'none_meets' | 'no_events';
  params: Record<string, number | string | null>;
}

const better = (a: number | null, b: number | null) =>
  (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY);

/**
 * The set an objective recommends, with a code the screen translates:
 * - `least_warning_at_pod`: among sets with POD ≥ min_pod, the fewest warning minutes (then higher POD,
 *   higher CSI, id); none: `none_meets` with the best POD reached;
 * - `best_csi`: the highest CSI (then fewer warning minutes, id);
 * - `most_lead_at_far`: among sets with warnings whose FAR ≤ max_far, the longest median lead (then fewer
 *   warning minutes, id); none: `none_meets` with the least FAR reached.
 * Without events (`events` 0) nothing can be scored: `no_events`, no set.
 */
export function recommend(
  sets: readonly ScoredSet[],
  events: number,
  objective: AdviceObjective | undefined,
): Recommendation {
  const o = fullObjective(objective);
  if (events === 0 || sets.length === 0) return { setId: null, code: 'no_events', params: {} };
  const byId = (a: ScoredSet, b: ScoredSet) => a.id.localeCompare(b.id);
  if (o.kind === 'least_warning_at_pod') {
    const ok = sets.filter((s) => s.pod !== null && s.pod >= o.min_pod);
    const best = [...ok].sort(
      (a, b) =>
        a.warning_minutes - b.warning_minutes || better(b.pod, a.pod) || better(b.csi, a.csi) || byId(a, b),
    )[0];
    if (best) return { setId: best.id, code: 'meets_objective', params: { min_pod: o.min_pod } };
    const bestPod = Math.max(...sets.map((s) => s.pod ?? 0));
    return { setId: null, code: 'none_meets', params: { min_pod: o.min_pod, best_pod: bestPod } };
  }
  if (o.kind === 'best_csi') {
    const best = [...sets]
      .filter((s) => s.csi !== null)
      .sort((a, b) => better(b.csi, a.csi) || a.warning_minutes - b.warning_minutes || byId(a, b))[0];
    if (best) return { setId: best.id, code: 'meets_objective', params: { csi: best.csi } };
    return { setId: null, code: 'none_meets', params: {} };
  }
  const ok = sets.filter((s) => s.far !== null && s.far <= o.max_far && s.median_lead_time_min !== null);
  const best = [...ok].sort(
    (a, b) =>
      better(b.median_lead_time_min, a.median_lead_time_min) ||
      a.warning_minutes - b.warning_minutes ||
      byId(a, b),
  )[0];
  if (best) return { setId: best.id, code: 'meets_objective', params: { max_far: o.max_far } };
  const fars = sets.flatMap((s) => (s.far === null ? [] : [s.far]));
  return {
    setId: null,
    code: 'none_meets',
    params: { max_far: o.max_far, best_far: fars.length > 0 ? Math.min(...fars) : null },
  };
}

/** Minutes at level ≥ 2 of the warnings that began in [fromMs, toMs), each clipped to `toMs`. */
export function warningMinutes(
  warnings: readonly { startMs: number; endMs: number }[],
  fromMs: number,
  toMs: number,
): number {
  let ms = 0;
  for (const w of warnings) {
    if (w.startMs >= fromMs && w.startMs < toMs) ms += Math.max(0, Math.min(w.endMs, toMs) - w.startMs);
  }
  return ms / 60_000;
}
