import { distanceToShape, type ShapeGeometry } from '../geo/shape-distance.js';
import { LocationIndex } from './location-index.js';
import {
  advance,
  applyStroke,
  initialWarningState,
  isQuiet,
  type LevelChange,
  needsExactDistance,
  type RingRule,
  type WarningState,
} from './ring-rules.js';

/**
 * The warning engine without I/O: every enabled location in a spatial index, and each location's ring
 * state. Strokes go in, per-location updates (new state, level changes) come out; the server persists and
 * dispatches them. Only the locations a stroke can reach are looked at, never all of them.
 */

export interface WatchedLocation {
  id: number;
  shape: ShapeGeometry;
  rules: readonly RingRule[];
}

/**
 * A stroke as the engine sees it: what the rings count, and what an alarm's trigger reports. `timeMs` has
 * the sub-millisecond part as a fraction, so strokes of one millisecond keep their order.
 */
export interface EngineStroke {
  timeMs: number;
  lat: number;
  lon: number;
  isIc: boolean;
  /** Signed peak current, kA. */
  peakKa: number;
  flashId: number | null;
}

export interface LocationUpdate {
  id: number;
  state: WarningState;
  events: LevelChange[];
  /** For each rise among `events`, in order: the stroke that raised the level, its distance and bearing. */
  triggers: { stroke: EngineStroke; km: number; bearingDeg: number }[];
  /** Strokes of this batch that counted for at least one ring. */
  counted: number;
}

interface Entry {
  shape: ShapeGeometry;
  rules: readonly RingRule[];
  /** Null while quiet: most of 100,000 locations see no stroke, and a state costs half a kilobyte. */
  state: WarningState | null;
  reachKm: number;
  /** This location's update of the batch being processed (the batch number tells whether it is current). */
  batch: number;
  update: LocationUpdate | null;
}

/**
 * Told of every stroke that changed a location's state (it counted for a ring, or its time let a ring
 * clear), with its distance as the rings judged it: exact wherever a ring's radius lies between the index's
 * bounds, so `km <= radius` decides a ring exactly. A backtest finds the strokes inside a location's
 * innermost ring with it; the live engine passes none.
 */
export type CountedVisitor = (id: number, stroke: EngineStroke, km: number) => void;

export class WarningEngineCore {
  constructor(private readonly onCounted: CountedVisitor | null = null) {}

  private readonly index = new LocationIndex();
  private readonly entries = new Map<number, Entry>();
  /** Locations whose state still depends on time (a countdown, threshold window or recent counts). */
  private readonly busy = new Set<number>();
  /** Reused for every stroke: the hot path allocates as little as it can. */
  private readonly hit = { timeMs: 0, isIc: false, km: 0, bearingDeg: 0 };
  private batch = 0;
  /** The stroke being looked up and the batch's clock, for the one visitor the index calls. */
  private current: EngineStroke | null = null;
  private nowMs = 0;
  private readonly visit = (id: number) => {
    const entry = (id < DENSE_IDS ? this.dense[id] : this.entries.get(id)) as Entry;
    const hit = this.index.hit;
    const stroke = this.current as EngineStroke;
    // A state the clock has not caught up with (a ring due, or counts stale, by the stroke's time) may
    // clear before the stroke counts: its rings and nearest stroke cannot tell whether the bounds suffice.
    if (
      !hit.exact &&
      (entry.state === null ||
        entry.state.checkMs <= stroke.timeMs ||
        needsExactDistance(entry.rules, entry.state, hit.loKm, hit.hiKm))
    ) {
      this.index.measureExact();
    }
    // Without the exact distance every ring decides the same for any value within the bounds, and the
    // stroke cannot be the nearest: its bearing is never read.
    this.apply(
      id,
      stroke,
      hit.exact ? hit.km : hit.loKm,
      hit.exact ? hit.azimuthDeg : Number.NaN,
      this.nowMs,
    );
  };
  /**
   * The same entries by id in a plain array for the hot path (a Map lookup per stroke and location cost
   * a fifth of the engine's time); ids beyond it live only in the Map.
   */
  private readonly dense: (Entry | undefined)[] = [];
  private touched: Entry[] = [];

  get size(): number {
    return this.entries.size;
  }

  /**
   * Watch a location (or replace it). The state is kept when its rings did not change; new rings start
   * from a clear state, and the update says so (a fall to 0 ends the running episode). Updates carry the
   * live state, which later strokes change in place: snapshot it with `cloneWarningState` to keep it.
   */
  upsert(location: WatchedLocation, state: WarningState | undefined, nowMs: number): LocationUpdate | null {
    const previous = this.entries.get(location.id);
    const reachKm = Math.max(...location.rules.map((r) => r.radiusKm));
    this.index.set(location.id, location.shape, reachKm);
    let next: WarningState | null = state ?? null;
    let update: LocationUpdate | null = null;
    if (previous && !state) {
      if (sameRules(previous.rules, location.rules)) next = previous.state;
      else if (previous.state && previous.state.level > 0) {
        update = {
          id: location.id,
          state: initialWarningState(location.rules),
          events: [{ from: previous.state.level, to: 0, atMs: nowMs }],
          triggers: NO_TRIGGERS,
          counted: 0,
        };
      }
    }
    const entry: Entry = {
      shape: location.shape,
      rules: location.rules,
      state: next,
      reachKm,
      batch: -1,
      update: null,
    };
    this.entries.set(location.id, entry);
    if (location.id < DENSE_IDS) this.dense[location.id] = entry;
    if (next === null || isQuiet(next)) this.busy.delete(location.id);
    else this.busy.add(location.id);
    return update;
  }

  /** Stop watching; a location that was warning gets its fall to 0 (its episode ends). */
  remove(id: number, nowMs: number): LocationUpdate | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    if (id < DENSE_IDS) this.dense[id] = undefined;
    this.busy.delete(id);
    this.index.delete(id);
    if (entry.state === null || entry.state.level === 0) return null;
    const state = initialWarningState(entry.rules);
    return {
      id,
      state,
      events: [{ from: entry.state.level, to: 0, atMs: nowMs }],
      triggers: NO_TRIGGERS,
      counted: 0,
    };
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  state(id: number): WarningState | undefined {
    return this.entries.get(id)?.state ?? undefined;
  }

  /** Ids of the locations whose state depends on time (warning, or strokes in the last 15 min). */
  busyIds(): number[] {
    return [...this.busy];
  }

  /**
   * Apply a batch of strokes (oldest first), then let the clock run to `nowMs` for the locations they
   * touched; one update per location whose state changed.
   */
  process(strokes: readonly EngineStroke[], nowMs: number): LocationUpdate[] {
    this.batch++;
    this.nowMs = nowMs;
    for (const stroke of strokes) {
      this.current = stroke;
      this.index.forEachId(stroke.lat, stroke.lon, this.visit, true);
    }
    this.current = null;
    return this.settle(nowMs);
  }

  /**
   * The baseline the index must beat: measure every stroke against every location. Same results as
   * `process`; only the benchmark uses it.
   */
  processNaive(strokes: readonly EngineStroke[], nowMs: number): LocationUpdate[] {
    this.batch++;
    for (const stroke of strokes) {
      for (const [id, entry] of this.entries) {
        const d = distanceToShape(entry.shape, stroke.lat, stroke.lon);
        if (d.km <= entry.reachKm) this.apply(id, stroke, d.km, d.bearingDeg, nowMs);
      }
    }
    return this.settle(nowMs);
  }

  /** Clear, up to `nowMs`, the rings of the locations a batch touched; their updates. */
  private settle(nowMs: number): LocationUpdate[] {
    const out: LocationUpdate[] = [];
    for (const entry of this.touched) {
      const update = entry.update as LocationUpdate;
      const events = advance(entry.rules, entry.state as WarningState, nowMs);
      if (events && events.length > 0) update.events = [...update.events, ...events];
      out.push(update);
      entry.update = null;
    }
    this.touched = [];
    return out;
  }

  /** Let the clock run: rings whose countdown ran out clear; quiet locations leave the busy set. */
  advance(nowMs: number): LocationUpdate[] {
    const out: LocationUpdate[] = [];
    for (const id of this.busy) {
      const entry = this.entries.get(id) as Entry;
      const state = entry.state as WarningState;
      const events = advance(entry.rules, state, nowMs);
      if (events === null) continue;
      out.push({ id, state, events: [...events], triggers: NO_TRIGGERS, counted: 0 });
      if (isQuiet(state)) {
        this.busy.delete(id);
        entry.state = null;
      }
    }
    return out;
  }

  private apply(id: number, stroke: EngineStroke, km: number, bearingDeg: number, nowMs: number): void {
    const entry = (id < DENSE_IDS ? this.dense[id] : this.entries.get(id)) as Entry;
    this.hit.timeMs = stroke.timeMs;
    this.hit.isIc = stroke.isIc;
    this.hit.km = km;
    this.hit.bearingDeg = bearingDeg;
    entry.state ??= initialWarningState(entry.rules);
    const events = applyStroke(entry.rules, entry.state, this.hit, nowMs);
    if (events === null) return;
    let update = entry.batch === this.batch ? (entry.update as LocationUpdate) : null;
    if (!update) {
      if (!this.busy.has(id)) this.busy.add(id);
      update = { id, state: entry.state, events: NO_EVENTS, triggers: NO_TRIGGERS, counted: 0 };
      entry.batch = this.batch;
      entry.update = update as LocationUpdate;
      this.touched.push(entry);
    }
    update.counted++;
    this.onCounted?.(id, stroke, km);
    if (events.length > 0) {
      update.events = [...update.events, ...events];
      for (const e of events) {
        if (e.to > e.from) update.triggers = [...update.triggers, { stroke, km, bearingDeg }];
      }
    }
  }
}

const DENSE_IDS = 4_000_000;
const NO_TRIGGERS: never[] = [];

/** Shared by updates without a change of level; replaced, never changed in place. */
const NO_EVENTS: LevelChange[] = [];

function sameRules(a: readonly RingRule[], b: readonly RingRule[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
