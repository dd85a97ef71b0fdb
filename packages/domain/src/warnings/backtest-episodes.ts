import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { RingRule, WarningState } from './ring-rules.js';
import type { EngineStroke, LocationUpdate } from './warning-engine.js';

/**
 * What a backtest records of one location from the engine's updates: its level steps and its alert
 * episodes, built as the live engine's persister builds the stored ones (an episode opens on a rise from
 * clear, collects every change of level, and closes on the fall to clear with the tallies the state held
 * just before), so a backtest and the alert history of the same strokes agree.
 *
 * With predicted warnings (backtest-predicted.ts) the level shown is the higher of the rings' and the
 * prediction's, `predicted` while the prediction's is above: steps and episodes follow the level shown (a
 * change of level, or of whether it is predicted). An episode a prediction opened has no first stroke; its
 * ring tallies are those of the state before its rings last cleared (zero while none fired), and `ringAtMs`
 * tells when a ring first fired in it.
 */

export interface LevelStep {
  atMs: number;
  level: Level;
  /**
   * Radius of the ring holding the level after the step: the innermost active ring of that level (the
   * innermost ring of that level when the step is a passing one), null at level 0 and when predicted.
   */
  ringKm: number | null;
  /** The level is a predicted one (a lightning jump), above the rings'. */
  predicted: boolean;
}

/** A change of an episode's level; `predicted` only when the level is a predicted one. */
export interface TimelineEntry {
  atMs: number;
  level: Level;
  predicted?: true;
}

/** The stroke that opened an episode, with its distance from the location. */
export interface EpisodeTrigger {
  stroke: EngineStroke;
  km: number;
}

export interface RingTally {
  radiusKm: number;
  level: RingLevel;
  /** Counted strokes of the episode. */
  strokes: number;
  /** The ring's first counted stroke of the episode; null: none. */
  firstMs: number | null;
}

export interface BacktestEpisode {
  startedMs: number;
  /** Null: still on when the backtest stopped looking. */
  endedMs: number | null;
  peakLevel: RingLevel;
  firstStroke: EpisodeTrigger | null;
  nearestKm: number | null;
  rings: RingTally[];
  timeline: TimelineEntry[];
  /** Whether a prediction opened the episode, before any ring fired. */
  predicted: boolean;
  /** When a ring first fired in the episode (its start, unless predicted); null while none has. */
  ringAtMs: number | null;
}

/**
 * The tallies of the state after the last update while warning (what the persister's stored state holds),
 * kept in place: a storm updates a location on every stroke, and an object per update cost more than the
 * replay itself. Episodes get their own copy when they end or are read.
 */
interface Tally {
  valid: boolean;
  strokes: number[];
  firstMs: number[];
  nearestKm: number | null;
}
export class SiteRecorder {
  readonly steps: LevelStep[] = [];
  readonly episodes: BacktestEpisode[] = [];
  /** Times of the strokes inside the innermost ring (time order). */
  readonly innerStrokesMs: number[] = [];
  private open: BacktestEpisode | null = null;
  private readonly before: Tally;
  private readonly inner: RingRule;
  private ringLevel: Level = 0;
  private predictedLevel: Level = 0;
  private shown: { level: Level; predicted: boolean } = { level: 0, predicted: false };

  constructor(readonly rules: readonly RingRule[]) {
    this.inner = rules.reduce((a, b) => (b.radiusKm < a.radiusKm ? b : a));
    this.before = { valid: false, strokes: rules.map(() => 0), firstMs: rules.map(() => 0), nearestKm: null };
  }

  /** The current episode, if one is on. */
  get current(): BacktestEpisode | null {
    return this.open;
  }

  /** Gives the episode still on its tallies so far (call before reading `episodes`). */
  settle(): void {
    if (this.open !== null && this.before.valid) this.close(this.open, this.before);
  }

  /** A stroke counted for this location at `km`: kept when it is inside the innermost ring. */
  counted(stroke: EngineStroke, km: number): void {
    if (km <= this.inner.radiusKm && (this.inner.includeIc || !stroke.isIc)) {
      this.innerStrokesMs.push(stroke.timeMs);
    }
  }

  /** One update of the engine for this location (its state is the live one, read here and not kept). */
  update(u: LocationUpdate): void {
    let rise = 0;
    for (const e of u.events) {
      const trigger = e.to > e.from ? (u.triggers[rise++] ?? null) : null;
      this.ringLevel = e.to;
      if (e.to === 0 && this.open !== null) {
        // The rings cleared: the episode's tallies are those of the state just before.
        if (!this.before.valid) this.keep(u.state);
        this.close(this.open, this.before);
      }
      this.show(e.atMs, this.ringOf(e.to, u.state), trigger, u.state.nearest?.km ?? null);
      if (e.from === 0 && e.to > 0 && this.open !== null) this.open.ringAtMs ??= e.atMs;
    }
    if (u.state.level > 0) this.keep(u.state);
    else this.before.valid = false;
  }

  /** The prediction's level from `atMs` (the backtest's clock has run the rings to `atMs` first). */
  predict(atMs: number, level: Level): void {
    this.predictedLevel = level;
    this.show(atMs, null, null, null);
  }

  /** A change of the rings' or the prediction's level: a step and an episode entry if what shows changed. */
  private show(
    atMs: number,
    ringKm: number | null,
    trigger: { stroke: EngineStroke; km: number } | null,
    nearestKm: number | null,
  ): void {
    const predicted = this.predictedLevel > this.ringLevel;
    const level = predicted ? this.predictedLevel : this.ringLevel;
    const was = this.shown;
    if (level === was.level && predicted === was.predicted) return;
    this.shown = { level, predicted };
    this.steps.push({ atMs, level, ringKm: predicted ? null : ringKm, predicted });
    const entry: TimelineEntry = predicted ? { atMs, level, predicted: true } : { atMs, level };
    if (level > was.level && this.open === null) {
      this.open = {
        startedMs: atMs,
        endedMs: null,
        peakLevel: level as RingLevel,
        firstStroke: trigger && !predicted ? { stroke: trigger.stroke, km: trigger.km } : null,
        nearestKm: predicted ? null : (trigger?.km ?? nearestKm),
        rings: predicted
          ? this.rules.map((r) => ({ radiusKm: r.radiusKm, level: r.level, strokes: 0, firstMs: null }))
          : [],
        timeline: [entry],
        predicted,
        ringAtMs: predicted ? null : atMs,
      };
      this.episodes.push(this.open);
      return;
    }
    if (this.open === null) return;
    if (level > this.open.peakLevel) this.open.peakLevel = level as RingLevel;
    this.open.timeline.push(entry);
    if (level === 0) {
      this.open.endedMs = atMs;
      this.open = null;
    }
  }

  private keep(state: WarningState): void {
    const t = this.before;
    for (let i = 0; i < this.rules.length; i++) {
      const ring = state.rings[i];
      t.strokes[i] = ring?.episode ?? 0;
      t.firstMs[i] = ring?.firstMs ?? 0;
    }
    t.nearestKm = state.nearest ? state.nearest.km : null;
    t.valid = true;
  }

  private close(episode: BacktestEpisode, t: Tally): void {
    episode.rings = this.rules.map((r, i) => ({
      radiusKm: r.radiusKm,
      level: r.level,
      strokes: t.strokes[i] as number,
      firstMs: t.firstMs[i] ? (t.firstMs[i] as number) : null,
    }));
    episode.nearestKm = t.nearestKm;
  }

  private ringOf(level: Level, state: WarningState): number | null {
    if (level === 0) return null;
    let passing: number | null = null;
    let active: number | null = null;
    this.rules.forEach((r, i) => {
      if (r.level !== level) return;
      if (passing === null || r.radiusKm < passing) passing = r.radiusKm;
      if (state.rings[i]?.active && (active === null || r.radiusKm < active)) active = r.radiusKm;
    });
    return active ?? passing;
  }
}
