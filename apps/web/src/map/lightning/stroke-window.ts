import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { S, type StrokeChange, type StrokeStore } from '../../lib/stroke-store';

/** The times a map source holds strokes for: from < t <= to. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** What to change in the map's source so that it holds the window's strokes; `reset`: send them all anew. */
export interface WindowDiff {
  add: CompactStroke[];
  remove: number[];
  reset: boolean;
}

const inside = (w: TimeWindow, t: number) => t > w.from && t <= w.to;

/**
 * Which of the store's strokes the map's source holds: those of one time window, not all 24 hours the store
 * keeps for replay. The live map draws the last hour, so the source (and every restyle of it as time moves)
 * costs that hour's strokes, not the day's; replay moves the window with its cursor. Each move or change of
 * the store answers the difference to send to the map, found by binary search and a walk of the window.
 */
export class StrokeWindow {
  private readonly shown = new Map<number, number>();
  private window: TimeWindow = { from: 0, to: 0 };

  constructor(private readonly store: StrokeStore) {}

  /** The strokes the source holds, in time order. */
  strokes(): CompactStroke[] {
    const [start, end] = this.store.range(this.window.from, this.window.to);
    return this.store.sorted().slice(start, end);
  }

  get size(): number {
    return this.shown.size;
  }

  /** Starts again from the store's strokes in `window` (the source is replaced with `strokes()`). */
  reset(window: TimeWindow): WindowDiff {
    this.window = { ...window };
    this.shown.clear();
    for (const s of this.strokes()) this.shown.set(s[S.id], s[S.t]);
    return { add: [], remove: [], reset: true };
  }

  /** Moves the window: the strokes that came into it and the ids of those that left. */
  move(window: TimeWindow): WindowDiff {
    this.window = { ...window };
    const remove: number[] = [];
    for (const [id, t] of this.shown) {
      if (inside(window, t)) continue;
      remove.push(id);
      this.shown.delete(id);
    }
    const add: CompactStroke[] = [];
    for (const s of this.strokes()) {
      if (this.shown.has(s[S.id])) continue;
      add.push(s);
      this.shown.set(s[S.id], s[S.t]);
    }
    return { add, remove, reset: false };
  }

  /** Follows a change of the store: the new strokes inside the window, the ids of removed ones it held. */
  follow(change: StrokeChange): WindowDiff {
    if (change.reset) return this.reset(this.window);
    const add = change.added.filter((s) => inside(this.window, s[S.t]) && !this.shown.has(s[S.id]));
    for (const s of add) this.shown.set(s[S.id], s[S.t]);
    const remove: number[] = [];
    for (const s of change.removed) if (this.shown.delete(s[S.id])) remove.push(s[S.id]);
    return { add, remove, reset: false };
  }
}

/**
 * Window changes gathered between two sends to the map, so that a second of socket bursts and the clock's
 * restyle reach it as one update (each update costs the map a frame, and a frame costs a PC without a graphics
 * card 100–300 ms of its main thread). A stroke added and removed in between is neither.
 */
export class DiffBatch {
  private readonly add = new Map<number, CompactStroke>();
  private readonly remove = new Set<number>();
  private reset = false;

  get empty(): boolean {
    return !this.reset && this.add.size === 0 && this.remove.size === 0;
  }

  merge(diff: WindowDiff): void {
    if (diff.reset) {
      this.reset = true;
      this.add.clear();
      this.remove.clear();
      return;
    }
    for (const s of diff.add) {
      this.add.set(s[S.id], s);
    }
    for (const id of diff.remove) {
      if (!this.add.delete(id)) this.remove.add(id);
    }
  }

  /** The gathered change, and an empty batch after. */
  take(): WindowDiff {
    const diff = { add: [...this.add.values()], remove: [...this.remove], reset: this.reset };
    this.add.clear();
    this.remove.clear();
    this.reset = false;
    return diff;
  }
}
