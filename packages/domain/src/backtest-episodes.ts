import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { RingRule, WarningState } from './ring-rules.js';
import type { EngineStroke, LocationUpdate } from './warning-engine.js';

/**
 * What a backtest records of one location from the engine's updates: its level steps and its alert
 * episodes, built as the live engine's persister builds the stored ones (an episode opens on a rise from
 * clear, collects every change of level, and closes on the fall to clear with the tallies the state held
 * just before), so a backtest and the alert history of the same strokes agree.
 */

export interface LevelStep {
  atMs: number;
  level: Level;
  /**
   * Radius of the ring holding the level after the step: the innermost active ring of that level (the
   * innermost ring of that level when the step is a passing one), null at level 0.
   */
  ringKm: number | null;
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
  timeline: { atMs: number; level: Level }[];
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
      this.steps.push({ atMs: e.atMs, level: e.to, ringKm: this.ringOf(e.to, u.state) });
      if (e.to > e.from) {
        const trigger = u.triggers[rise++] ?? null;
        const nearKm = trigger?.km ?? u.state.nearest?.km ?? null;
        if (this.open === null) {
          this.open = {
            startedMs: e.atMs,
            endedMs: null,
            peakLevel: e.to as RingLevel,
            firstStroke: trigger ? { stroke: trigger.stroke, km: trigger.km } : null,
            nearestKm: nearKm,
            rings: [],
            timeline: [],
          };
          this.episodes.push(this.open);
        } else if (e.to > this.open.peakLevel) this.open.peakLevel = e.to as RingLevel;
        this.open.timeline.push({ atMs: e.atMs, level: e.to });
      } else if (this.open !== null) {
        this.open.timeline.push({ atMs: e.atMs, level: e.to });
        if (e.to === 0) {
          if (!this.before.valid) this.keep(u.state);
          this.open.endedMs = e.atMs;
          this.close(this.open, this.before);
          this.open = null;
        }
      }
    }
    if (u.state.level > 0) this.keep(u.state);
    else this.before.valid = false;
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
