import { distanceKm } from '../geo/geodesy.js';
import { diffNs, instantAtMs, type StrokeInstant } from './stroke-time.js';

/** What the grouper needs of a stroke. Strokes of different sources never share a flash. */
export interface GroupableStroke extends StrokeInstant {
  lat: number;
  lon: number;
  source: string;
}

export interface FlashGrouperOptions {
  /** Gives the id of a new flash (e.g. from a database sequence). */
  nextId: () => number;
  /** A stroke must lie less than this after the flash's first stroke (the whole flash spans less). */
  maxDurationMs?: number;
  /** … less than this from the nearest stroke of the flash in time … */
  maxGapMs?: number;
  /** … and less than this from the flash's first stroke. */
  maxDistanceKm?: number;
}

interface OpenFlash {
  id: number;
  /** The stroke that opened the flash: distances are measured from it. */
  lat: number;
  lon: number;
  earliest: StrokeInstant;
  latest: StrokeInstant;
  times: StrokeInstant[];
}

const NS_PER_MS = 1_000_000;

/**
 * Groups a stream of strokes into flashes: a stroke joins a flash within 1 s of its first stroke, < 500 ms
 * after the previous one and < 10 km from the first. Input may be slightly out of order: the gap is measured
 * to the nearest stroke of the flash in time, and the duration over the flash's whole span.
 * Limits are strict: a stroke exactly 1 s, 500 ms or 10 km away starts a new flash.
 * Memory is bounded by calling `prune` as time passes.
 */
export class FlashGrouper {
  /**
   * Open flashes per source, bucketed by the whole second (epoch ms / 1000) of the stroke that opened them:
   * a stroke can only join a flash opened within ±1 s of it, so it looks at three buckets, not at every
   * open flash.
   */
  private readonly open = new Map<string, Map<number, OpenFlash[]>>();
  private readonly nextId: () => number;
  private readonly maxDurationNs: number;
  private readonly maxGapNs: number;
  private readonly maxDistanceKm: number;
  private readonly bucketMs: number;

  constructor({ nextId, maxDurationMs = 1000, maxGapMs = 500, maxDistanceKm = 10 }: FlashGrouperOptions) {
    this.nextId = nextId;
    this.maxDurationNs = maxDurationMs * NS_PER_MS;
    this.maxGapNs = maxGapMs * NS_PER_MS;
    this.maxDistanceKm = maxDistanceKm;
    this.bucketMs = Math.max(1, maxDurationMs);
  }

  /** The flash id of the stroke: an open flash it fits (the nearest in time wins), else a new one. */
  assign(stroke: GroupableStroke): number {
    const t: StrokeInstant = { epochMs: stroke.epochMs, ns: stroke.ns };
    let buckets = this.open.get(stroke.source);
    if (!buckets) {
      buckets = new Map();
      this.open.set(stroke.source, buckets);
    }
    const here = Math.floor(stroke.epochMs / this.bucketMs);
    let best: OpenFlash | undefined;
    let bestGap = Number.POSITIVE_INFINITY;
    let bestKm = Number.POSITIVE_INFINITY;
    for (let b = here - 1; b <= here + 1; b++) {
      for (const f of buckets.get(b) ?? []) {
        const start = diffNs(t, f.earliest) < 0 ? t : f.earliest;
        const end = diffNs(t, f.latest) > 0 ? t : f.latest;
        if (diffNs(end, start) >= this.maxDurationNs) continue;
        let gap = Number.POSITIVE_INFINITY;
        for (const x of f.times) gap = Math.min(gap, Math.abs(diffNs(t, x)));
        if (gap >= this.maxGapNs) continue;
        const km = distanceKm(f.lat, f.lon, stroke.lat, stroke.lon);
        if (km >= this.maxDistanceKm) continue;
        if (gap < bestGap || (gap === bestGap && km < bestKm)) [best, bestGap, bestKm] = [f, gap, km];
      }
    }
    if (best) {
      best.times.push(t);
      if (diffNs(t, best.earliest) < 0) best.earliest = t;
      if (diffNs(t, best.latest) > 0) best.latest = t;
      return best.id;
    }
    const flash: OpenFlash = {
      id: this.nextId(),
      lat: stroke.lat,
      lon: stroke.lon,
      earliest: t,
      latest: t,
      times: [t],
    };
    const bucket = buckets.get(here);
    if (bucket) bucket.push(flash);
    else buckets.set(here, [flash]);
    return flash.id;
  }

  /**
   * Forgets flashes that no stroke at or after `beforeEpochMs` could join, and returns their ids
   * (those flashes are complete). Call it with "now minus the feed's tolerated lateness".
   */
  prune(beforeEpochMs: number): number[] {
    const before = instantAtMs(beforeEpochMs);
    const closed: number[] = [];
    for (const [source, buckets] of this.open) {
      for (const [key, flashes] of buckets) {
        const kept = flashes.filter((f) => {
          const open =
            diffNs(before, f.latest) < this.maxGapNs && diffNs(before, f.earliest) < this.maxDurationNs;
          if (!open) closed.push(f.id);
          return open;
        });
        if (kept.length > 0) buckets.set(key, kept);
        else buckets.delete(key);
      }
      if (buckets.size === 0) this.open.delete(source);
    }
    return closed;
  }

  /** How many flashes are still open (for tests and metrics). */
  get openCount(): number {
    let n = 0;
    for (const buckets of this.open.values()) for (const flashes of buckets.values()) n += flashes.length;
    return n;
  }
}

/**
 * Groups a batch of strokes sorted by time into flashes; returns the strokes' indices per flash,
 * flashes in order of their first stroke. `source` defaults to one common source.
 */
export function groupFlashes(
  strokes: readonly (Omit<GroupableStroke, 'source'> & { source?: string })[],
  options: Omit<FlashGrouperOptions, 'nextId'> = {},
): number[][] {
  const groups: number[][] = [];
  const grouper = new FlashGrouper({ ...options, nextId: () => groups.push([]) - 1 });
  for (const [i, s] of strokes.entries()) {
    // Sorted input: nothing earlier than this stroke will come, so older flashes can be closed.
    grouper.prune(s.epochMs);
    groups[grouper.assign({ ...s, source: s.source ?? '' })]?.push(i);
  }
  return groups;
}
