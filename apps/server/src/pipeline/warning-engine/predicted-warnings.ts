import { distanceToShape } from '@thunderwatch/domain/geo/shape-distance';
import {
  advanceEfm,
  DEFAULT_EFM,
  type EfmState,
  INITIAL_EFM,
  nextEfm,
} from '@thunderwatch/domain/warnings/efm-warning';
import { PredictIndex } from '@thunderwatch/domain/warnings/predict-index';
import {
  cellThreat,
  INITIAL_PREDICTED,
  nextPredicted,
  type PredictCell,
  type PredictedState,
  type PredictThreat,
  type ShownChange,
  shownChanges,
  threatCandidate,
} from '@thunderwatch/domain/warnings/predicted-warning';
import { initialWarningState, type WarningState } from '@thunderwatch/domain/warnings/ring-rules';
import type { LocationUpdate } from '@thunderwatch/domain/warnings/warning-engine';
import type { Level } from '@thunderwatch/shared/warnings';
import type { WatchedMeta } from './watched-location.js';

/**
 * An engine update as it is written and sent: the rings' update with the changes of the level shown (the
 * rings' own changes while no prediction is involved) and the predicted state after it.
 */
export interface EngineUpdate extends LocationUpdate {
  shown: ShownChange[];
  predicted: PredictedState;
  /** The cell behind a prediction evaluated in this update (what a predicted alarm tells). */
  threat: PredictThreat | null;
}

/**
 * The early-warning state a location shows and stores: the cells' prediction, or the field mills' level
 * when that is higher (`source: 'efm'`, the cells' own state kept in `cells`). `efm` is the mills' state
 * whenever it holds a level, so a restart resumes it.
 */
export interface EarlyState extends PredictedState {
  source?: 'efm';
  cells?: PredictedState;
  efm?: EfmState;
}

/** |E| of a location's field mills at a reading. */
export interface EfmSample {
  timeMs: number;
  kvm: number;
}

/** The rings' state of a location as the engine holds it (null while quiet). */
type RingStateOf = (id: number) => WarningState | undefined;

/**
 * The predicted warnings of the engine's locations (packages/domain/src/warnings/predicted-warning.ts): the setting
 * and state of each location that has it on, in an index by range, evaluated on each new tracker step (the
 * cells that can threaten only, each against the locations whose range box it meets) and on the engine's clock (a
 * prediction lapses after its all-clear time). Locations without the setting never enter here, and their
 * updates are the rings' own.
 */
export class PredictedWarnings {
  private readonly states = new Map<number, PredictedState>();
  private readonly metas = new Map<number, WatchedMeta>();
  private readonly index = new PredictIndex();
  /** Field mills' states of the locations that have mills, and the metas they were last seen with. */
  private readonly efm = new Map<number, { state: EfmState; meta: WatchedMeta }>();

  constructor(private readonly ringStateOf: RingStateOf) {}

  /** Watch a location's setting (start: with its stored state); a disabled one is forgotten. */
  watch(meta: WatchedMeta, stored?: EarlyState | null): void {
    if (stored?.efm && stored.efm.level > 0) this.efm.set(meta.id, { state: stored.efm, meta });
    else if (this.efm.has(meta.id))
      this.efm.set(meta.id, { ...(this.efm.get(meta.id) as { state: EfmState }), meta });
    if (!meta.predict.enabled) {
      this.forgetCells(meta.id);
      return;
    }
    this.metas.set(meta.id, meta);
    this.index.set(meta.id, meta.shape, meta.predict.rangeKm);
    const cells = stored?.source === 'efm' ? stored.cells : stored;
    if (cells && cells.level > 0)
      this.states.set(meta.id, {
        level: cells.level,
        sinceMs: cells.sinceMs,
        lastThreatMs: cells.lastThreatMs,
      });
  }

  forget(id: number): void {
    this.forgetCells(id);
    this.efm.delete(id);
  }

  private forgetCells(id: number): void {
    this.metas.delete(id);
    this.index.delete(id);
    this.states.delete(id);
  }

  /** What the location shows and stores: the higher of the cells' prediction and the mills' level. */
  state(id: number): EarlyState {
    const cells = this.cellState(id);
    const efm = this.efm.get(id)?.state;
    if (!efm || efm.level <= cells.level) return efm && efm.level > 0 ? { ...cells, efm } : cells;
    return { level: efm.level, sinceMs: efm.sinceMs, lastThreatMs: efm.lastMs, source: 'efm', cells, efm };
  }

  private cellState(id: number): PredictedState {
    return this.states.get(id) ?? INITIAL_PREDICTED;
  }

  /**
   * The field mills' readings since the last call, one |E| per location with mills (`metaOf`: the engine's
   * watched locations; others are passed over): the locations whose level shown changed. Work is one rule
   * step per location and poll, however many mills report.
   */
  efmSamples(
    samples: ReadonlyMap<number, EfmSample>,
    metaOf: (id: number) => WatchedMeta | undefined,
    nowMs: number,
  ): EngineUpdate[] {
    const out: EngineUpdate[] = [];
    for (const [id, sample] of samples) {
      const meta = metaOf(id);
      if (!meta) continue;
      const update = this.efmStep(meta, (s) => nextEfm(DEFAULT_EFM, s, sample), nowMs);
      if (update) out.push(update);
    }
    return out;
  }

  private efmStep(meta: WatchedMeta, rule: (s: EfmState) => EfmState, nowMs: number): EngineUpdate | null {
    const before = this.state(meta.id);
    const was = this.efm.get(meta.id)?.state ?? INITIAL_EFM;
    const next = rule(was);
    if (next === was) return null;
    this.efm.set(meta.id, { state: next, meta });
    const after = this.state(meta.id);
    if (after.level === before.level && after.source === before.source) return null;
    const state = this.ringState(meta.id, meta);
    return {
      id: meta.id,
      state,
      events: [],
      triggers: [],
      counted: 0,
      shown: shownChanges(state.level, before.level, after.level, nowMs, []),
      predicted: after,
      threat: null,
    };
  }

  /** A rings' update with the prediction as it stands. */
  wrap(u: LocationUpdate): EngineUpdate {
    const p = this.state(u.id);
    const ringBefore = u.events[0]?.from ?? u.state.level;
    return {
      ...u,
      shown: shownChanges(ringBefore, p.level, p.level, 0, u.events),
      predicted: p,
      threat: null,
    };
  }

  /**
   * A location edited or removed at `nowMs`: its rings' update (if any) after the prediction's change under
   * the new setting (`meta` null: removed, the prediction ends). Null when nothing changes.
   */
  edited(
    id: number,
    ringBefore: Level,
    ring: LocationUpdate | null,
    meta: WatchedMeta | null,
    nowMs: number,
  ): EngineUpdate | null {
    const cells = this.cellState(id);
    const shownBefore = this.state(id);
    if (meta) this.watch(meta);
    else this.forget(id);
    const next =
      meta?.predict.enabled === true
        ? nextPredicted(meta.predict, cells, { threat: false, nowMs, allClearMs: meta.predictAllClearMs })
        : INITIAL_PREDICTED;
    this.keep(id, next);
    const after = this.state(id);
    const before = shownBefore;
    if (!ring && next === cells && after.level === before.level) return null;
    const state = ring?.state ?? this.ringState(id, meta);
    const events = ring?.events ?? [];
    return {
      id,
      state,
      events,
      triggers: ring?.triggers ?? [],
      counted: ring?.counted ?? 0,
      shown: shownChanges(ringBefore, before.level, after.level, nowMs, events),
      predicted: after,
      threat: null,
    };
  }

  /**
   * A new tracker step's cells (those that can threaten) evaluated at `nowMs`: the locations whose state
   * changed. A nowcast threatens only where it reaches, well inside every location's range box.
   */
  evaluate(cells: readonly PredictCell[], nowMs: number): EngineUpdate[] {
    const near = new Map<number, PredictCell[]>();
    for (const cell of cells) {
      if (!threatCandidate(cell)) continue;
      for (const id of this.index.near([cell.ring, cell.nowcast30])) {
        const list = near.get(id) ?? [];
        list.push(cell);
        near.set(id, list);
      }
    }
    const out: EngineUpdate[] = [];
    for (const id of new Set([...near.keys(), ...this.states.keys()])) {
      const meta = this.metas.get(id);
      if (!meta) continue;
      const threat = cellThreat(
        near.get(id) ?? [],
        meta.site,
        toShape(meta),
        meta.predict.rangeKm,
        meta.reachKm,
      );
      const update = this.next(meta, threat, nowMs);
      if (update) out.push(update);
    }
    return out;
  }

  /** The clock runs to `nowMs`: predictions without a threat, and mills silent, for their all-clear time lapse. */
  advance(nowMs: number): EngineUpdate[] {
    const out: EngineUpdate[] = [];
    for (const [id, { state, meta }] of this.efm) {
      if (state.level === 0) {
        // A quiet location's mills are forgotten once silent: the map holds only what may still warn.
        if (state.lastMs === null || nowMs - state.lastMs > DEFAULT_EFM.allClearMs) this.efm.delete(id);
        continue;
      }
      const update = this.efmStep(meta, (s) => advanceEfm(DEFAULT_EFM, s, nowMs), nowMs);
      if (update) out.push(update);
    }
    for (const [id, state] of this.states) {
      const meta = this.metas.get(id);
      if (!meta || state.level === 0) continue;
      const update = this.next(meta, null, nowMs);
      if (update) out.push(update);
    }
    return out;
  }

  private next(meta: WatchedMeta, threat: PredictThreat | null, nowMs: number): EngineUpdate | null {
    const cells = this.cellState(meta.id);
    const shownBefore = this.state(meta.id);
    const after = nextPredicted(meta.predict, cells, {
      threat: threat !== null,
      nowMs,
      allClearMs: meta.predictAllClearMs,
    });
    if (after === cells) return null;
    this.keep(meta.id, after);
    const shownAfter = this.state(meta.id);
    const state = this.ringState(meta.id, meta);
    return {
      id: meta.id,
      state,
      events: [],
      triggers: [],
      counted: 0,
      shown: shownChanges(state.level, shownBefore.level, shownAfter.level, nowMs, []),
      predicted: shownAfter,
      threat,
    };
  }

  /** Held in memory while predicted (a threat always raises the level: one at 0 is over). */
  private keep(id: number, state: PredictedState): void {
    if (state.level === 0) this.states.delete(id);
    else this.states.set(id, state);
  }

  private ringState(id: number, meta: WatchedMeta | null): WarningState {
    return this.ringStateOf(id) ?? initialWarningState(meta?.rules ?? []);
  }
}

/** The distance from a point to the location's shape, as its rings measure it. */
function toShape(meta: WatchedMeta): (lat: number, lon: number) => number {
  return (lat, lon) => distanceToShape(meta.shape, lat, lon).km;
}
