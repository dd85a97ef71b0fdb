import { LocationIndex } from './location-index.js';
import {
  advance,
  applyStroke,
  initialWarningState,
  isQuiet,
  type LevelChange,
  type RingRule,
  type WarningState,
} from './ring-rules.js';
import { distanceToShape, type ShapeGeometry } from './shape-distance.js';

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

export interface EngineStroke {
  timeMs: number;
  lat: number;
  lon: number;
  isIc: boolean;
}

export interface LocationUpdate<S extends EngineStroke = EngineStroke> {
  id: number;
  state: WarningState;
  events: LevelChange[];
  /** The stroke (with its distance and bearing from the location) that raised the level, if one did. */
  trigger: { stroke: S; km: number; bearingDeg: number } | null;
  /** Strokes of this batch that counted for at least one ring. */
  counted: number;
}

interface Entry {
  shape: ShapeGeometry;
  rules: readonly RingRule[];
  state: WarningState;
  reachKm: number;
}

export class WarningEngineCore<S extends EngineStroke = EngineStroke> {
  private readonly index = new LocationIndex();
  private readonly entries = new Map<number, Entry>();
  /** Locations whose state still depends on time (a countdown, threshold window or recent counts). */
  private readonly busy = new Set<number>();

  get size(): number {
    return this.entries.size;
  }

  /**
   * Watch a location (or replace it). The state is kept when its rings did not change; new rings start
   * from a clear state, and the update says so (a fall to 0 ends the running episode).
   */
  upsert(location: WatchedLocation, state?: WarningState, nowMs = Date.now()): LocationUpdate<S> | null {
    const previous = this.entries.get(location.id);
    const reachKm = Math.max(...location.rules.map((r) => r.radiusKm));
    this.index.set(location.id, location.shape, reachKm);
    let next = state ?? initialWarningState(location.rules);
    let update: LocationUpdate<S> | null = null;
    if (previous && !state) {
      if (sameRules(previous.rules, location.rules)) next = previous.state;
      else if (previous.state.level > 0) {
        update = {
          id: location.id,
          state: next,
          events: [{ from: previous.state.level, to: 0, atMs: nowMs }],
          trigger: null,
          counted: 0,
        };
      }
    }
    this.entries.set(location.id, { shape: location.shape, rules: location.rules, state: next, reachKm });
    if (isQuiet(next)) this.busy.delete(location.id);
    else this.busy.add(location.id);
    return update;
  }

  /** Stop watching; a location that was warning gets its fall to 0 (its episode ends). */
  remove(id: number, nowMs = Date.now()): LocationUpdate<S> | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    this.busy.delete(id);
    this.index.delete(id);
    if (entry.state.level === 0) return null;
    const state = initialWarningState(entry.rules);
    return {
      id,
      state,
      events: [{ from: entry.state.level, to: 0, atMs: nowMs }],
      trigger: null,
      counted: 0,
    };
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  state(id: number): WarningState | undefined {
    return this.entries.get(id)?.state;
  }

  rules(id: number): readonly RingRule[] | undefined {
    return this.entries.get(id)?.rules;
  }

  /** Ids of the locations whose state depends on time (warning, or strokes in the last 15 min). */
  busyIds(): number[] {
    return [...this.busy];
  }

  /**
   * Apply a batch of strokes (oldest first), then let the clock run to `nowMs` for the locations they
   * touched; one update per location whose state changed.
   */
  process(strokes: readonly S[], nowMs: number): LocationUpdate<S>[] {
    const updates = new Map<number, LocationUpdate<S>>();
    for (const stroke of strokes) {
      for (const hit of this.index.within(stroke.lat, stroke.lon)) {
        this.apply(hit.id, stroke, hit.km, hit.bearingDeg, nowMs, updates);
      }
    }
    return this.settle(updates, nowMs);
  }

  /**
   * The baseline the index must beat: measure every stroke against every location. Same results as
   * `process`; only the benchmark uses it.
   */
  processNaive(strokes: readonly S[], nowMs: number): LocationUpdate<S>[] {
    const updates = new Map<number, LocationUpdate<S>>();
    for (const stroke of strokes) {
      for (const [id, entry] of this.entries) {
        const d = distanceToShape(entry.shape, stroke.lat, stroke.lon);
        if (d.km <= entry.reachKm) this.apply(id, stroke, d.km, d.bearingDeg, nowMs, updates);
      }
    }
    return this.settle(updates, nowMs);
  }

  /** Clear, up to `nowMs`, the rings of the locations a batch touched. */
  private settle(updates: Map<number, LocationUpdate<S>>, nowMs: number): LocationUpdate<S>[] {
    for (const update of updates.values()) {
      const entry = this.entries.get(update.id) as Entry;
      const t = advance(entry.rules, entry.state, nowMs);
      entry.state = t.state;
      update.state = t.state;
      update.events.push(...t.events);
    }
    return [...updates.values()];
  }

  /** Let the clock run: rings whose countdown ran out clear; quiet locations leave the busy set. */
  advance(nowMs: number): LocationUpdate<S>[] {
    const out: LocationUpdate<S>[] = [];
    for (const id of this.busy) {
      const entry = this.entries.get(id) as Entry;
      const t = advance(entry.rules, entry.state, nowMs);
      if (t.state === entry.state) continue;
      entry.state = t.state;
      if (isQuiet(t.state)) this.busy.delete(id);
      out.push({ id, state: t.state, events: t.events, trigger: null, counted: 0 });
    }
    return out;
  }

  private apply(
    id: number,
    stroke: S,
    km: number,
    bearingDeg: number,
    nowMs: number,
    updates: Map<number, LocationUpdate<S>>,
  ): void {
    const entry = this.entries.get(id) as Entry;
    const t = applyStroke(
      entry.rules,
      entry.state,
      { timeMs: stroke.timeMs, isIc: stroke.isIc, km, bearingDeg },
      nowMs,
    );
    if (t.state === entry.state) return;
    entry.state = t.state;
    this.busy.add(id);
    let update = updates.get(id);
    if (!update) {
      update = { id, state: t.state, events: [], trigger: null, counted: 0 };
      updates.set(id, update);
    }
    update.state = t.state;
    update.counted++;
    if (t.events.length > 0) {
      update.events.push(...t.events);
      if (update.trigger === null && t.events.some((e) => e.to > e.from))
        update.trigger = { stroke, km, bearingDeg };
    }
  }
}

function sameRules(a: readonly RingRule[], b: readonly RingRule[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
