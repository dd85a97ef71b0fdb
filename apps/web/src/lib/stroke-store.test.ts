import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import { countRecent, hasSimulated, MINUTE_MS, type StrokeChange, StrokeStore } from './stroke-store';

const NOW = Date.parse('2025-07-01T08:00:00Z');
const stroke = (id: number, minutesAgo: number, sim: 0 | 1 = 0, lon = 113): CompactStroke => [
  id,
  NOW - minutesAgo * MINUTE_MS,
  23,
  lon,
  -12.5,
  0,
  null,
  sim,
];

describe('StrokeStore', () => {
  it('keeps strokes in time order whatever order they arrive in, once per id', () => {
    const store = new StrokeStore();
    store.add([stroke(1, 10), stroke(2, 30)]);
    store.add([stroke(3, 1), stroke(2, 30), stroke(4, 20)]);
    expect(store.size).toBe(4);
    expect(store.sorted().map((s) => s[0])).toEqual([2, 4, 1, 3]);
    expect(store.latestTime()).toBe(NOW - MINUTE_MS);
  });

  it('tells listeners what was added and removed, and ignores strokes older than asked', () => {
    const store = new StrokeStore();
    const changes: StrokeChange[] = [];
    store.subscribe((c) => changes.push(c));
    store.add([stroke(1, 2000), stroke(2, 5)], NOW - 24 * 60 * MINUTE_MS);
    store.add([stroke(2, 5)]);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.added.map((s) => s[0])).toEqual([2]);
    store.add([stroke(3, 100)]);
    const removed = store.pruneBefore(NOW - 60 * MINUTE_MS);
    expect(removed.map((s) => s[0])).toEqual([3]);
    expect(changes[2]?.removed.map((s) => s[0])).toEqual([3]);
    expect(store.get(3)).toBeUndefined();
    expect(store.pruneBefore(NOW - 60 * MINUTE_MS)).toEqual([]);
    expect(changes).toHaveLength(3);
  });

  it('counts strokes in the last 5, 15 and 60 minutes before a moment', () => {
    const store = new StrokeStore();
    store.add([stroke(1, 0), stroke(2, 4.9), stroke(3, 5), stroke(4, 14), stroke(5, 59), stroke(6, 61)]);
    expect(countRecent(store, NOW)).toEqual({ last5: 2, last15: 4, last60: 5 });
    // A replay cursor 30 minutes back only sees what had happened by then.
    expect(countRecent(store, NOW - 30 * MINUTE_MS)).toEqual({ last5: 0, last15: 0, last60: 2 });
  });

  it('counts only the strokes a filter keeps, with the same window edges', () => {
    const store = new StrokeStore();
    store.add([stroke(1, 0), stroke(2, 4.9), stroke(3, 5), stroke(4, 14), stroke(5, 59), stroke(6, 61)]);
    expect(countRecent(store, NOW, () => true)).toEqual(countRecent(store, NOW));
    expect(countRecent(store, NOW, () => false)).toEqual({ last5: 0, last15: 0, last60: 0 });
    const even = (s: CompactStroke) => s[0] % 2 === 0;
    expect(countRecent(store, NOW, even)).toEqual({ last5: 1, last15: 2, last60: 2 });
    expect(countRecent(store, NOW - 30 * MINUTE_MS, even)).toEqual({ last5: 0, last15: 0, last60: 1 });
  });

  it('finds simulated strokes in a window and, optionally, inside the visible bounds', () => {
    const store = new StrokeStore();
    store.add([stroke(1, 1), stroke(2, 50, 1, 150)]);
    expect(hasSimulated(store, NOW - 5 * MINUTE_MS, NOW)).toBe(false);
    expect(hasSimulated(store, NOW - 60 * MINUTE_MS, NOW)).toBe(true);
    const china = { west: 73, south: 18, east: 135, north: 54 };
    expect(hasSimulated(store, NOW - 60 * MINUTE_MS, NOW, china)).toBe(false);
    expect(hasSimulated(store, NOW - 60 * MINUTE_MS, NOW, { ...china, east: 151 })).toBe(true);
  });
});
