import { CELL_STEP_DELAY_MS } from '@thunderwatch/domain/cells/cell-tracker';
import { type BacktestSite, type SiteBacktest, sitesWarmupMs } from '@thunderwatch/domain/warnings/backtest';
import { ringRulesOf } from '@thunderwatch/domain/warnings/ring-rules';
import {
  type AdviceObjective,
  adviceGrid,
  paretoFront,
  type RuleSet,
  recommend,
  warningMinutes,
} from '@thunderwatch/domain/warnings/rules-grid';
import type { AdviceSet, AdviseSite } from '@thunderwatch/shared/schemas/advise';
import type { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import { type backtestRunner, backtestRunner as workerRunner } from '../backtest/backtest-runner.js';
import {
  BACKTEST_FOLLOW_MS,
  BACKTEST_PAGE,
  predictionOf,
  replayReach,
  replayStrokes,
} from '../backtest/backtest-service.js';
import type { AdviseJobSite } from './advise-jobs-repo.js';

const outerLevel = (site: AdviseJobSite) =>
  site.rings.reduce((a, b) => (b.radius_km > a.radius_km ? b : a)).level;

/** The rule sets of a site as the backtest replays them: virtual sites 1…n, one shape, one event definition. */
export function adviceSites(site: AdviseJobSite): {
  grid: RuleSet[];
  currentId: string;
  sites: BacktestSite[];
} {
  // Predicted sets only where a prediction can change the scores: at level 1 (the default under a yellow
  // outer ring) it never makes a warning (level ≥ 2), and would cost the cell tracker's replay for nothing.
  const { sets: grid, currentId } = adviceGrid(site.rings, {
    currentPredicted: site.predict.enabled,
    predicted: (site.predict.level ?? outerLevel(site)) >= 2,
  });
  const current = ringRulesOf(site.rings).reduce((a, b) => (b.radiusKm < a.radiusKm ? b : a));
  const events = { radiusKm: current.radiusKm, gapMs: current.allClearMs, includeIc: current.includeIc };
  const own = { predict: { range_km: site.predict.range_km, level: site.predict.level } };
  const sites = grid.map((set, i) => ({
    id: i + 1,
    shape: site.shape,
    rules: ringRulesOf(set.rings),
    predict: set.predicted ? predictionOf({}, own, site.shape, set.rings) : null,
    events,
  }));
  return { grid, currentId, sites };
}

/**
 * One site's advice: ONE replay of its stored strokes through every rule set of the grid (`Backtest` with
 * the sets as virtual sites of the same shape), each set scored by the backtest's skill against the site's
 * one event definition (its current innermost ring's radius, all-clear and IC rule), then the Pareto front and
 * the objective's recommendation. `progress(fraction)` hears how far the replay has come, 0…1.
 */
export async function adviseSite(
  d: {
    strokes: Pick<EngineStrokesRepo, 'page'>;
    runner?: typeof backtestRunner;
    page?: number;
    nowMs: number;
  },
  site: AdviseJobSite,
  window: { fromMs: number; toMs: number },
  objective: AdviceObjective,
  progress: (fraction: number) => Promise<void> = async () => {},
): Promise<AdviseSite> {
  const { grid, currentId, sites } = adviceSites(site);
  const { fromMs, toMs } = window;
  const startMs = fromMs - sitesWarmupMs(sites);
  const runner = (d.runner ?? workerRunner)({ sites, window, stepDelayMs: CELL_STEP_DELAY_MS });
  let results: SiteBacktest[];
  let count: number;
  try {
    const endMs = Math.min(d.nowMs, toMs + BACKTEST_FOLLOW_MS);
    const replayed = await replayStrokes(d.strokes, runner, {
      shape: site.shape,
      ...replayReach(sites),
      startMs,
      toMs,
      endMs,
      page: d.page ?? BACKTEST_PAGE,
      onPage: ({ nowMs }) => progress(Math.min(1, Math.max(0, (nowMs - startMs) / (toMs - startMs)))),
    });
    const untilMs = replayed.following ? endMs : Math.max(toMs, replayed.nowMs);
    results = (await runner.finish(untilMs)).results;
    count = replayed.count;
  } finally {
    await runner.close();
  }
  const byId = new Map(results.map((r) => [r.id, r]));
  const scored = grid.map((set, i) => {
    const r = byId.get(i + 1);
    if (!r) throw new Error(`the replay lost rule set ${set.id}`);
    return {
      id: set.id,
      rings: set.rings,
      predicted: set.predicted,
      pod: r.skill.pod,
      far: r.skill.far,
      csi: r.skill.csi,
      hits: r.skill.hits,
      false_alarms: r.skill.false_alarms,
      median_lead_time_min: r.skill.median_lead_time_min,
      warning_minutes: warningMinutes(r.warnings, fromMs, toMs),
      events: r.skill.events,
    };
  });
  const events = scored[0]?.events ?? 0;
  const front = paretoFront(scored);
  const onFront = new Set(front);
  const recommendation = recommend(scored, events, objective);
  const current = sites[0]?.events;
  const sets: AdviceSet[] = scored.map(({ events: _, ...s }) => ({
    ...s,
    on_front: onFront.has(s.id),
    current: s.id === currentId,
  }));
  return {
    location_id: site.location_id,
    name: site.name,
    name_en: site.name_en,
    strokes: count,
    event_definition: {
      radius_km: current?.radiusKm ?? 0,
      gap_min: (current?.gapMs ?? 0) / 60_000,
    },
    events,
    sets,
    current_set_id: currentId,
    front,
    recommended_set_id: recommendation.setId,
    recommendation: { code: recommendation.code, params: recommendation.params },
  };
}
