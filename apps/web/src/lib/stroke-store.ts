import type { CompactStroke } from '@thunderwatch/shared/strokes';

/**
 * Strokes kept outside React: one array of compact tuples sorted by time, deduplicated by id.
 * Tens of thousands arrive per hour in a storm; React only ever sees counts and a version number.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Index of each field in a CompactStroke. */
export const S = { id: 0, t: 1, lat: 2, lon: 3, ka: 4, ic: 5, flash: 6, sim: 7 } as const;

export interface StrokeChange {
  added: readonly CompactStroke[];
  removed: readonly CompactStroke[];
  /** Everything was replaced: listeners should rebuild from `all()`. */
  reset: boolean;
}

export type StrokeListener = (change: StrokeChange) => void;

/** First index whose time is > t (upper bound) in a time-sorted array. */
function upperBound(items: readonly CompactStroke[], t: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as CompactStroke)[1] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class StrokeStore {
  private items: CompactStroke[] = [];
  private readonly byId = new Map<number, CompactStroke>();
  private unsorted = false;
  private readonly listeners = new Set<StrokeListener>();
  /** Increases on every change; cheap to put in React state. */
  version = 0;

  get size(): number {
    return this.items.length;
  }

  subscribe(listener: StrokeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: StrokeChange): void {
    this.version += 1;
    for (const listener of this.listeners) listener(change);
  }

  get(id: number): CompactStroke | undefined {
    return this.byId.get(id);
  }

  /** Adds the strokes not seen before and returns them; strokes before `notBefore` are ignored. */
  add(strokes: readonly CompactStroke[], notBefore = Number.NEGATIVE_INFINITY): CompactStroke[] {
    const added: CompactStroke[] = [];
    for (const stroke of strokes) {
      if (stroke[S.t] < notBefore || this.byId.has(stroke[S.id])) continue;
      const last = this.items[this.items.length - 1];
      if (last && stroke[S.t] < last[S.t]) this.unsorted = true;
      this.items.push(stroke);
      this.byId.set(stroke[S.id], stroke);
      added.push(stroke);
    }
    if (added.length > 0) this.emit({ added, removed: [], reset: false });
    return added;
  }

  /** Drops strokes older than `t` (e.g. outside the 24 h the map keeps) and returns them. */
  pruneBefore(t: number): CompactStroke[] {
    const items = this.sorted();
    let cut = 0;
    while (cut < items.length && (items[cut] as CompactStroke)[S.t] < t) cut += 1;
    if (cut === 0) return [];
    const removed = items.splice(0, cut);
    for (const stroke of removed) this.byId.delete(stroke[S.id]);
    this.emit({ added: [], removed, reset: false });
    return removed;
  }

  clear(): void {
    this.items = [];
    this.byId.clear();
    this.unsorted = false;
    this.emit({ added: [], removed: [], reset: true });
  }

  /** All strokes in time order (the array itself: do not mutate). */
  sorted(): CompactStroke[] {
    if (this.unsorted) {
      this.items.sort((a, b) => a[S.t] - b[S.t] || a[S.id] - b[S.id]);
      this.unsorted = false;
    }
    return this.items;
  }

  /** Index range [start, end) of the strokes with from < time <= to. */
  range(from: number, to: number): [number, number] {
    const items = this.sorted();
    return [upperBound(items, from), upperBound(items, to)];
  }

  countBetween(from: number, to: number): number {
    const [start, end] = this.range(from, to);
    return end - start;
  }

  /** Time of the oldest stroke, or null when empty. */
  earliestTime(): number | null {
    const first = this.sorted()[0];
    return first ? first[S.t] : null;
  }

  /** Time of the newest stroke, or null when empty. */
  latestTime(): number | null {
    const items = this.sorted();
    const last = items[items.length - 1];
    return last ? last[S.t] : null;
  }
}

export interface StrokeCounts {
  last5: number;
  last15: number;
  last60: number;
}

/**
 * Strokes in the 5, 15 and 60 minutes up to `now` (the live clock or the replay cursor); with `passes`, only
 * the strokes it keeps (a scan of the last hour instead of three binary searches).
 */
export function countRecent(
  store: StrokeStore,
  now: number,
  passes?: (stroke: CompactStroke) => boolean,
): StrokeCounts {
  if (!passes)
    return {
      last5: store.countBetween(now - 5 * MINUTE_MS, now),
      last15: store.countBetween(now - 15 * MINUTE_MS, now),
      last60: store.countBetween(now - 60 * MINUTE_MS, now),
    };
  const counts = { last5: 0, last15: 0, last60: 0 };
  const [start, end] = store.range(now - 60 * MINUTE_MS, now);
  const items = store.sorted();
  for (let i = start; i < end; i += 1) {
    const s = items[i] as CompactStroke;
    if (!passes(s)) continue;
    counts.last60 += 1;
    if (s[S.t] > now - 15 * MINUTE_MS) counts.last15 += 1;
    if (s[S.t] > now - 5 * MINUTE_MS) counts.last5 += 1;
  }
  return counts;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** True when a simulated stroke lies in the time window and, when given, inside the bounds. */
export function hasSimulated(store: StrokeStore, from: number, to: number, bounds?: Bounds): boolean {
  const [start, end] = store.range(from, to);
  const items = store.sorted();
  for (let i = start; i < end; i += 1) {
    const s = items[i] as CompactStroke;
    if (s[S.sim] !== 1) continue;
    if (!bounds) return true;
    const lon = s[S.lon];
    const inLon =
      bounds.west <= bounds.east
        ? lon >= bounds.west && lon <= bounds.east
        : lon >= bounds.west || lon <= bounds.east;
    if (inLon && s[S.lat] >= bounds.south && s[S.lat] <= bounds.north) return true;
  }
  return false;
}
