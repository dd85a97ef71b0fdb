import type { Level } from '@thunderwatch/shared/warnings';
import { motionOf } from '../cells/cell-history.js';
import { nowcastCell } from '../cells/cell-nowcast.js';
import type { LatLon } from '../cells/cell-plane.js';
import {
  type CellTrackerState,
  emptyTrackerState,
  flashesOfStrokes,
  stepCellTracker,
  TRACKER,
  type TrackedCell,
} from '../cells/cell-tracker.js';
import { distanceToShape, type ShapeGeometry } from '../geo/shape-distance.js';
import {
  cellThreat,
  INITIAL_PREDICTED,
  nextPredicted,
  type PredictCell,
  type PredictedState,
  type PredictSetting,
  threatCandidate,
} from './predicted-warning.js';
import type { EngineStroke } from './warning-engine.js';

/**
 * The predicted warnings of a backtest (predicted-warning.ts) on its simulated clock: the cell tracker run
 * over the replayed strokes as the live tracker runs (one `stepCellTracker` per whole minute T with the
 * flashes of the strokes in [T − 11 min, T], a flash being its first stroke and CG if any stroke is), each
 * step's cells that can threaten (jumping ones, and nowcast candidates; with their +30 min nowcast) judged
 * against every location at T + `stepDelayMs`
 * (when the live step for T runs), and a prediction lapsing exactly when its all-clear time has passed
 * without a threat (as the live engine's clock lets it lapse).
 *
 * Bounded work: a step is only run while it can find a cell, i.e. while the tracker holds cells or strokes
 * lie in the step's window; a quiet minute would give no cells and no threat, so skipping it changes
 * nothing. The prediction is judged on its own (the rings do not enter); the backtest shows the higher of
 * the rings' level and the predicted one.
 */

/** What a location predicts with, besides its shape. */
export interface SitePrediction {
  /** A point of the location, inside it (a point's own; a polygon's vertex mean). */
  site: LatLon;
  setting: PredictSetting;
  /** How long a prediction holds without a new threat. */
  allClearMs: number;
}

export interface PredictedChange {
  id: number;
  level: Level;
}

const MIN_MS = 60_000;
/** Strokes a step reads: the clustering window and a minute more, as the live tracker keeps them. */
const KEEP_MS = TRACKER.windowMs + MIN_MS;
/** When the live tracker runs the step for minute T: 5 s after it (the strokes of its last seconds are in). */
export const PREDICT_STEP_DELAY_MS = 5_000;

/**
 * How long before a backtest's window its strokes must be replayed for a prediction on at the window's
 * start to show: the tracker's history (a cell's jump needs up to 30 min of it), its clustering window, and
 * the prediction's all-clear time.
 */
export function predictWarmupMs(allClearMs: number): number {
  return TRACKER.historyMin * MIN_MS + TRACKER.windowMs + allClearMs;
}

interface Watched extends SitePrediction {
  id: number;
  toShapeKm: (lat: number, lon: number) => number;
  state: PredictedState;
}

export class PredictedReplay implements PredictionSource {
  private readonly sites: Watched[];
  /** Strokes in time order from `head` on (older ones are dropped in chunks). */
  private strokes: EngineStroke[] = [];
  private head = 0;
  private tracker: CellTrackerState = emptyTrackerState();
  private lastStepMs: number;
  /**
   * Tracker steps run (the minutes skipped as quiet are not), the cells they found jumping, and the cells
   * that were nowcast candidates at some step.
   */
  readonly stats = { steps: 0, jumpingCells: 0, nowcastCells: 0 };
  private readonly jumped = new Set<string>();
  private readonly nowcasted = new Set<string>();

  constructor(
    sites: readonly (SitePrediction & { id: number; shape: ShapeGeometry })[],
    startMs: number,
    private readonly stepDelayMs = PREDICT_STEP_DELAY_MS,
  ) {
    this.sites = sites
      .filter((s) => s.setting.enabled)
      .map((s) => ({
        id: s.id,
        site: s.site,
        setting: s.setting,
        allClearMs: s.allClearMs,
        toShapeKm: (lat: number, lon: number) => distanceToShape(s.shape, lat, lon).km,
        state: INITIAL_PREDICTED,
      }));
    this.lastStepMs = Math.ceil(startMs / MIN_MS) * MIN_MS - MIN_MS;
  }

  /** A replayed stroke (time order; call `runUntil(stroke.timeMs)` first). */
  add(stroke: EngineStroke): void {
    if (this.sites.length > 0) this.strokes.push(stroke);
  }

  /**
   * Runs the tracker steps and lapses due at or before `untilMs`, in time order; `apply` gets each instant
   * whose predictions changed, with the changes.
   */
  runUntil(untilMs: number, apply: (atMs: number, changes: PredictedChange[]) => void): void {
    for (;;) {
      const stepMs = this.nextStepMs();
      const evalMs = stepMs + this.stepDelayMs;
      const lapseMs = this.nextLapseMs();
      if (Math.min(evalMs, lapseMs) > untilMs) return;
      const changes = lapseMs <= evalMs ? this.lapse(lapseMs) : this.judge(this.step(stepMs), evalMs);
      if (changes.length > 0) apply(lapseMs <= evalMs ? lapseMs : evalMs, changes);
    }
  }

  /** The next minute to step: the one after the last while cells are held, else the first a stroke reaches. */
  private nextStepMs(): number {
    const next = this.lastStepMs + MIN_MS;
    if (this.tracker.cells.length > 0) return next;
    this.drop(next - KEEP_MS);
    const first = this.strokes[this.head];
    if (!first) return Number.POSITIVE_INFINITY;
    return Math.max(next, Math.ceil(first.timeMs / MIN_MS) * MIN_MS);
  }

  private nextLapseMs(): number {
    let earliest = Number.POSITIVE_INFINITY;
    for (const s of this.sites) {
      if (s.state.level > 0 && s.state.lastThreatMs !== null) {
        earliest = Math.min(earliest, s.state.lastThreatMs + s.allClearMs);
      }
    }
    return earliest;
  }

  /** Drops the strokes before `fromMs` (the array is compacted now and then, not on every step). */
  private drop(fromMs: number): void {
    while (this.head < this.strokes.length && (this.strokes[this.head] as EngineStroke).timeMs < fromMs) {
      this.head++;
    }
    if (this.head > 4096 && this.head * 2 > this.strokes.length) {
      this.strokes = this.strokes.slice(this.head);
      this.head = 0;
    }
  }

  private step(nowMs: number): TrackedCell[] {
    this.drop(nowMs - KEEP_MS);
    let end = this.head;
    while (end < this.strokes.length && (this.strokes[end] as EngineStroke).timeMs <= nowMs) end++;
    const flashes = flashesOfStrokes(this.strokes.slice(this.head, end));
    const r = stepCellTracker(this.tracker, flashes, nowMs);
    this.tracker = r.state;
    this.lastStepMs = nowMs;
    this.stats.steps++;
    return r.cells;
  }

  /** A step's cells that can threaten, judged against every location at `nowMs`: the predictions that changed. */
  private judge(cells: readonly TrackedCell[], nowMs: number): PredictedChange[] {
    const candidates = cells.map(predictCell).filter(threatCandidate);
    if (candidates.length === 0) return [];
    for (const c of candidates) (c.jump ? this.jumped : this.nowcasted).add(c.id);
    this.stats.jumpingCells = this.jumped.size;
    this.stats.nowcastCells = this.nowcasted.size;
    const out: PredictedChange[] = [];
    for (const s of this.sites) {
      const threat = cellThreat(candidates, s.site, s.toShapeKm, s.setting.rangeKm) !== null;
      this.next(s, threat, nowMs, out);
    }
    return out;
  }

  /** The predictions whose all-clear time ends at `nowMs` lapse. */
  private lapse(nowMs: number): PredictedChange[] {
    const out: PredictedChange[] = [];
    for (const s of this.sites) {
      if (
        s.state.level > 0 &&
        s.state.lastThreatMs !== null &&
        s.state.lastThreatMs + s.allClearMs <= nowMs
      ) {
        this.next(s, false, nowMs, out);
      }
    }
    return out;
  }

  private next(s: Watched, threat: boolean, nowMs: number, out: PredictedChange[]): void {
    // The rings do not enter the prediction: the backtest shows the higher of the two.
    const after = nextPredicted(s.setting, s.state, { threat, nowMs, allClearMs: s.allClearMs });
    if (after.level !== s.state.level) out.push({ id: s.id, level: after.level });
    s.state = after;
  }
}

/** A tracked cell as the rule reads it (as `predictCellOf` reads the stored step's GeoJSON). */
function predictCell(c: TrackedCell): PredictCell {
  const motion = motionOf(c.velocity);
  const [ahead] = nowcastCell({ centroid: c.centroid, ring: c.ring, motion, trend: c.trend }, [30]);
  return {
    id: c.id,
    jump: c.jump,
    flashRatePerMin: c.flashRatePerMin,
    trend: c.trend,
    centroid: c.centroid,
    ring: c.ring,
    nowcast30: (ahead?.geometry.coordinates[0] as [number, number][] | undefined) ?? null,
    motion: motion ? { speedKmh: motion.speed_kmh, directionDeg: motion.direction_deg } : null,
  };
}

/** The predictions that changed at one instant of a replay. */
export interface TimedPredictedChanges {
  atMs: number;
  changes: PredictedChange[];
}

/** Where a backtest reads its predicted warnings from: the tracker's replay, or changes replayed apart. */
export interface PredictionSource {
  /** Applies, in time order, the changes due at or before `untilMs` (see `PredictedReplay.runUntil`). */
  runUntil(untilMs: number, apply: (atMs: number, changes: PredictedChange[]) => void): void;
  /** A replayed stroke (time order; after `runUntil(stroke.timeMs)`). */
  add(stroke: EngineStroke): void;
}

/**
 * The tracker's replay apart from the rings (on a thread of its own): fed the same strokes as the backtest,
 * it answers the changes of predictions each page brought, for `GivenPredictions` on the backtest's side.
 * The changes only depend on the strokes (the rings do not enter a prediction), so the backtest that applies
 * them at the same points gives exactly the figures of one that ran the tracker itself. The changes a page
 * brings are those due after the previous page's last stroke and at or before its own last stroke.
 */
export class PredictionTrack {
  private readonly replay: PredictedReplay;
  private out: TimedPredictedChanges[] = [];
  private readonly record = (atMs: number, changes: PredictedChange[]) => {
    this.out.push({ atMs, changes });
  };

  constructor(
    sites: readonly (SitePrediction & { id: number; shape: ShapeGeometry })[],
    startMs: number,
    stepDelayMs = PREDICT_STEP_DELAY_MS,
  ) {
    this.replay = new PredictedReplay(sites, startMs, stepDelayMs);
  }

  get stats(): PredictedReplay['stats'] {
    return this.replay.stats;
  }

  /** Strokes in time order, as `Backtest.feed` has them: the changes due up to the last one. */
  feed(strokes: readonly EngineStroke[]): TimedPredictedChanges[] {
    for (const stroke of strokes) {
      this.replay.runUntil(stroke.timeMs, this.record);
      this.replay.add(stroke);
    }
    return this.take();
  }

  /** The changes due up to `untilMs` (the backtest's end) not yet answered. */
  until(untilMs: number): TimedPredictedChanges[] {
    this.replay.runUntil(untilMs, this.record);
    return this.take();
  }

  private take(): TimedPredictedChanges[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}

/** Changes of predictions replayed apart (`PredictionTrack`), applied by a backtest where it would run them. */
export class GivenPredictions implements PredictionSource {
  private queue: TimedPredictedChanges[] = [];
  private head = 0;

  /** Changes in time order, after those given before. */
  give(changes: readonly TimedPredictedChanges[]): void {
    for (const c of changes) {
      const last = this.queue[this.queue.length - 1];
      if (last && c.atMs < last.atMs) throw new RangeError('predicted changes must come in time order');
      this.queue.push(c);
    }
  }

  runUntil(untilMs: number, apply: (atMs: number, changes: PredictedChange[]) => void): void {
    while (
      this.head < this.queue.length &&
      (this.queue[this.head] as TimedPredictedChanges).atMs <= untilMs
    ) {
      const next = this.queue[this.head++] as TimedPredictedChanges;
      apply(next.atMs, next.changes);
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  add(): void {}
}
