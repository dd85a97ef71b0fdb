import type { Level } from '@thunderwatch/shared/warnings';
import { distanceToShape, type ShapeGeometry } from '../geo/shape-distance.js';
import { type BacktestEpisode, type LevelStep, SiteRecorder } from './backtest-episodes.js';
import {
  GivenPredictions,
  PREDICT_STEP_DELAY_MS,
  type PredictedChange,
  PredictedReplay,
  type PredictionSource,
  PredictionTrack,
  predictWarmupMs,
  type SitePrediction,
  type TimedPredictedChanges,
} from './backtest-predicted.js';
import type { RingRule } from './ring-rules.js';
import { type EngineStroke, WarningEngineCore } from './warning-engine.js';
import {
  computeWarningSkill,
  type WarningPeriod,
  type WarningSkillScores,
  warningPeriodsOf,
} from './warning-skill.js';

/**
 * Backtest of the warning rings: stored strokes replayed through the live engine's own rules
 * (`WarningEngineCore`, hence `applyStroke`/`advance` and the spatial index) on a simulated clock. Each
 * stroke arrives at its own time (the clock reads the stroke's time when it is applied, as for a stroke
 * received at once), so the levels, alerts and skill are those the live engine gives the same strokes
 * arriving in time order. All-clears are stamped with their due time whenever the clock is let run past
 * them, so ticking at every deadline, every second (as the live engine does) or only at the next stroke
 * gives the same changes of level; the clock ticks every simulated minute (quiet states are let go) and at
 * the end.
 *
 * The window [fromMs, toMs) is judged as `/api/warning/skill` judges stored warnings: strokes are fed from
 * `warmupMs(rules)` before it (a storm already on at `fromMs` shows, and an event begun earlier is seen
 * to be), and past `toMs` while a warning that began in the window is on (`following`), so it can be
 * judged to its end.
 *
 * Predicted warnings (a site with `predict`): the same strokes also run the cell tracker once a simulated
 * minute (`PredictedReplay`); each change of a prediction is applied at its time, after the rings' clock has
 * been let run to it, so the steps stay in time order. The level shown, and judged, is the higher of the
 * rings' and the prediction's (`SiteRecorder`); the skill's warning periods are read from those steps.
 * The tracker's replay can also run apart (`predictionTrackOf`, on another thread) and its changes be given
 * to the backtest page by page (`predictions: 'given'`, `givePredictions`): the same figures, in the time of
 * the slower of the two.
 *
 * Each site is replayed from its own warm-up (`siteWarmupMs`): it joins the engine when the clock reaches
 * `fromMs − siteWarmupMs(site)`, so its figures do not depend on the other sites replayed with it (a site
 * replayed alone from its warm-up, as BacktestService does, gives the same figures).
 *
 * Events (`events`): by default the site's own innermost ring (its radius, all-clear and IC rule, from the
 * strokes the engine counted there). A site given an event definition is judged against events of that
 * radius and gap instead, found from each stroke's distance to the shape (not from the rings, which see
 * nothing beyond their outer radius), so several rule sets of one site can be scored against the same
 * events (the rules advisor).
 */

/** What an event is: a run of strokes within `radiusKm` of the shape (IC only if `includeIc`), gaps < `gapMs`. */
export interface EventDefinition {
  radiusKm: number;
  gapMs: number;
  includeIc: boolean;
}

/** The default event definition of rings: their innermost ring's radius, all-clear and IC rule. */
export function innerRingEvents(rules: readonly RingRule[]): EventDefinition {
  const inner = rules.reduce((a, b) => (b.radiusKm < a.radiusKm ? b : a));
  return { radiusKm: inner.radiusKm, gapMs: inner.allClearMs, includeIc: inner.includeIc };
}

export interface BacktestSite {
  id: number;
  shape: ShapeGeometry;
  rules: readonly RingRule[];
  /** Predicted warnings from lightning jumps, replayed with the rings; none: rings alone. */
  predict?: SitePrediction | null;
  /** The events it is judged against; none: its own innermost ring's (`innerRingEvents`). */
  events?: EventDefinition | null;
}

export interface BacktestWindow {
  fromMs: number;
  toMs: number;
}

export interface SiteBacktest {
  id: number;
  /** The level at `fromMs` (what the warm-up left). */
  levelAtFrom: Level;
  /** The level at `fromMs`, then every change until `toMs` and on to the all-clear of a warning still on. */
  steps: LevelStep[];
  /** Episodes on at some time in the window (with their true starts), or begun in it and followed on. */
  episodes: BacktestEpisode[];
  skill: WarningSkillScores;
  /** The warning periods (level ≥ 2) the skill judged, with their true starts (also before `fromMs`). */
  warnings: WarningPeriod[];
}

const MINUTE_MS = 60_000;

/** The strokes within an event definition's radius of one shape, in time order. */
interface EventList {
  shape: ShapeGeometry;
  radiusKm: number;
  includeIc: boolean;
  timesMs: number[];
}

/** How long before the window strokes are replayed: the longest all-clear plus threshold window. */
export function warmupMs(rules: readonly RingRule[]): number {
  return Math.max(0, ...rules.map((r) => r.allClearMs + r.windowMs));
}

/**
 * The warm-up of one location: its rings', its prediction's or its events' gap (an event begun before the
 * window must be seen to have), whichever is longest.
 */
export function siteWarmupMs(site: BacktestSite): number {
  return Math.max(
    warmupMs(site.rules),
    site.predict ? predictWarmupMs(site.predict.allClearMs) : 0,
    site.events ? site.events.gapMs : 0,
  );
}

/** The warm-up of several locations: the longest. */
export function sitesWarmupMs(sites: readonly BacktestSite[]): number {
  return Math.max(0, ...sites.map(siteWarmupMs));
}

/** The end of a backtest that `finish(untilMs)` runs to, with its clock at `clockMs`. */
export function backtestEndMs(window: BacktestWindow, untilMs: number, clockMs: number): number {
  return Math.max(untilMs, clockMs, window.toMs);
}

function predictingSites(sites: readonly BacktestSite[]) {
  return sites.flatMap((s) => (s.predict ? [{ id: s.id, shape: s.shape, ...s.predict }] : []));
}

/**
 * The tracker's replay of a backtest's predictions, to run apart from it (null when no site predicts):
 * fed the backtest's strokes, its changes go to a backtest made with `predictions: 'given'`.
 */
export function predictionTrackOf(
  sites: readonly BacktestSite[],
  window: BacktestWindow,
  stepDelayMs = PREDICT_STEP_DELAY_MS,
): PredictionTrack | null {
  const predicting = predictingSites(sites);
  if (predicting.length === 0) return null;
  return new PredictionTrack(predicting, window.fromMs - sitesWarmupMs(sites), stepDelayMs);
}

export class Backtest {
  private readonly recorders = new Map<number, SiteRecorder>();
  /** Sites not yet in the engine, latest start first (each joins at `fromMs − siteWarmupMs`). */
  private readonly pending: { site: BacktestSite; startMs: number }[];
  /** The event strokes of each event definition given (one list per shape and definition). */
  private readonly eventLists: EventList[] = [];
  private readonly eventListOf = new Map<number, EventList>();
  private readonly eventGapOf = new Map<number, number>();
  private readonly core: WarningEngineCore;
  private clockMs = Number.NEGATIVE_INFINITY;
  private nextTickMs = Number.NEGATIVE_INFINITY;
  private readonly batch: EngineStroke[] = [];
  private readonly predicted: PredictionSource | null;
  private readonly replayed: PredictedReplay | null = null;
  private readonly given: GivenPredictions | null = null;
  private readonly applyPredicted = (atMs: number, changes: readonly PredictedChange[]) => {
    for (const u of this.core.advance(atMs)) this.recorders.get(u.id)?.update(u);
    for (const c of changes) this.recorders.get(c.id)?.predict(atMs, c.level);
  };

  /**
   * `stepDelayMs`: how long after each whole minute the tracker's step for it is judged (the live tracker's
   * delay); only read when a site has `predict`. `predictions`: `replay` runs the cell tracker here; `given`
   * applies the changes a `predictionTrackOf` of the same sites and window found (`givePredictions`).
   */
  constructor(
    sites: readonly BacktestSite[],
    private readonly window: BacktestWindow,
    stepDelayMs = PREDICT_STEP_DELAY_MS,
    predictions: 'replay' | 'given' = 'replay',
  ) {
    if (!(window.toMs > window.fromMs)) throw new RangeError('toMs must be after fromMs');
    this.core = new WarningEngineCore((id, stroke, km) => this.recorders.get(id)?.counted(stroke, km));
    const lists = new Map<string, EventList>();
    for (const site of sites) {
      if (site.rules.length === 0) throw new RangeError(`site ${site.id} has no rings`);
      if (this.recorders.has(site.id)) throw new RangeError(`site ${site.id} is given twice`);
      this.recorders.set(site.id, new SiteRecorder(site.rules));
      if (site.events) {
        const key = JSON.stringify([site.shape, site.events.radiusKm, site.events.includeIc]);
        let list = lists.get(key);
        if (!list) {
          list = {
            shape: site.shape,
            radiusKm: site.events.radiusKm,
            includeIc: site.events.includeIc,
            timesMs: [],
          };
          lists.set(key, list);
          this.eventLists.push(list);
        }
        this.eventListOf.set(site.id, list);
        this.eventGapOf.set(site.id, site.events.gapMs);
      }
    }
    this.pending = sites
      .map((site) => ({ site, startMs: window.fromMs - siteWarmupMs(site) }))
      .sort((a, b) => b.startMs - a.startMs);
    const predicting = predictingSites(sites);
    if (predicting.length > 0 && predictions === 'given') this.given = new GivenPredictions();
    else if (predicting.length > 0) {
      this.replayed = new PredictedReplay(predicting, window.fromMs - sitesWarmupMs(sites), stepDelayMs);
    }
    this.predicted = this.given ?? this.replayed;
  }

  /** The tracker steps the predictions ran; null without predictions, or with predictions given. */
  get trackerStats(): PredictedReplay['stats'] | null {
    return this.replayed?.stats ?? null;
  }

  /**
   * The changes a `PredictionTrack` answered for strokes up to those to be fed next (or up to the end, before
   * `finish`), in order; only for a backtest made with `predictions: 'given'`.
   */
  givePredictions(changes: readonly TimedPredictedChanges[]): void {
    if (changes.length === 0) return;
    if (!this.given) throw new Error('this backtest does not take given predictions');
    this.given.give(changes);
  }

  /** The simulated clock: the time of the last stroke fed, or the instant `finish` ran to. */
  get nowMs(): number {
    return this.clockMs;
  }

  /** Whether a warning that began before `toMs` is still on: read on past the window until it clears. */
  get following(): boolean {
    for (const r of this.recorders.values()) {
      const open = r.current;
      if (open !== null && open.startedMs < this.window.toMs) return true;
    }
    return false;
  }

  /** Strokes in time order (any number of calls); a stroke older than the clock is a caller's error. */
  feed(strokes: readonly EngineStroke[]): void {
    for (const stroke of strokes) {
      if (stroke.timeMs < this.clockMs) {
        throw new RangeError(`strokes must come in time order (${stroke.timeMs} after ${this.clockMs})`);
      }
      this.join(stroke.timeMs);
      this.predicted?.runUntil(stroke.timeMs, this.applyPredicted);
      if (stroke.timeMs >= this.nextTickMs) this.tick(stroke.timeMs);
      this.clockMs = stroke.timeMs;
      this.batch[0] = stroke;
      for (const u of this.core.process(this.batch, stroke.timeMs)) this.recorders.get(u.id)?.update(u);
      this.predicted?.add(stroke);
      for (const list of this.eventLists) {
        if (
          (list.includeIc || !stroke.isIc) &&
          distanceToShape(list.shape, stroke.lat, stroke.lon).km <= list.radiusKm
        ) {
          list.timesMs.push(stroke.timeMs);
        }
      }
    }
  }

  /** Puts the sites whose replay has begun by `atMs` into the engine. */
  private join(atMs: number): void {
    for (;;) {
      const next = this.pending[this.pending.length - 1];
      if (next === undefined || next.startMs > atMs) return;
      this.pending.pop();
      const { site } = next;
      this.core.upsert({ id: site.id, shape: site.shape, rules: site.rules }, undefined, next.startMs);
    }
  }

  /** Lets the clock run to `untilMs` and judges every location; warnings still on then end there. */
  finish(untilMs: number): SiteBacktest[] {
    const endMs = backtestEndMs(this.window, untilMs, this.clockMs);
    this.join(endMs);
    this.predicted?.runUntil(endMs, this.applyPredicted);
    this.tick(endMs);
    this.clockMs = endMs;
    const out: SiteBacktest[] = [];
    for (const [id, recorder] of this.recorders) out.push(this.judge(id, recorder, endMs));
    return out;
  }

  private tick(atMs: number): void {
    for (const u of this.core.advance(atMs)) this.recorders.get(u.id)?.update(u);
    this.nextTickMs = (Math.floor(atMs / MINUTE_MS) + 1) * MINUTE_MS;
  }

  private judge(id: number, recorder: SiteRecorder, endMs: number): SiteBacktest {
    const { fromMs, toMs } = this.window;
    recorder.settle();
    const steps = recorder.steps;
    let levelAtFrom: Level = 0;
    let first = 0;
    while (first < steps.length && (steps[first] as LevelStep).atMs <= fromMs) {
      levelAtFrom = (steps[first] as LevelStep).level;
      first++;
    }
    // The window's changes, then those after it up to the first all-clear (the end of what was followed).
    const before = first > 0 ? (steps[first - 1] as LevelStep) : null;
    const shown: LevelStep[] = [
      {
        atMs: fromMs,
        level: levelAtFrom,
        ringKm: before?.ringKm ?? null,
        predicted: before?.predicted ?? false,
      },
    ];
    for (let i = first; i < steps.length; i++) {
      const step = steps[i] as LevelStep;
      if (step.atMs >= toMs && shown[shown.length - 1]?.level === 0) break;
      shown.push(step);
    }
    const episodes = recorder.episodes.filter(
      (e) => e.startedMs < toMs && (e.endedMs === null || e.endedMs > fromMs),
    );
    const list = this.eventListOf.get(id);
    const gapMs = list ? (this.eventGapOf.get(id) as number) : innerRingEvents(recorder.rules).gapMs;
    const eventStrokesMs = list ? list.timesMs : recorder.innerStrokesMs;
    const warnings = warningPeriodsOf(steps, endMs);
    const skill = computeWarningSkill({
      eventStrokesMs: eventStrokesMs.filter((t) => t >= fromMs - gapMs),
      warnings,
      fromMs,
      toMs,
      eventGapMs: gapMs,
    });
    return { id, levelAtFrom, steps: shown, episodes, skill, warnings };
  }
}

/** One backtest over strokes already in memory (time order): feeds them all, then finishes at `untilMs`. */
export function backtest(
  sites: readonly BacktestSite[],
  strokes: readonly EngineStroke[],
  window: BacktestWindow,
  untilMs = window.toMs,
): SiteBacktest[] {
  const run = new Backtest(sites, window);
  run.feed(strokes);
  return run.finish(untilMs);
}
