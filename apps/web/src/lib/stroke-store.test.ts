import type { StrokeDto } from '@thunderwatch/shared/schemas/lightning';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import {
  countRecent,
  hasSimulated,
  MINUTE_MS,
  type StrokeChange,
  StrokeStore,
  toCompact,
} from './stroke-store';

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

  it('finds simulated strokes in a window and, optionally, inside the visible bounds', () => {
    const store = new StrokeStore();
    store.add([stroke(1, 1), stroke(2, 50, 1, 150)]);
    expect(hasSimulated(store, NOW - 5 * MINUTE_MS, NOW)).toBe(false);
    expect(hasSimulated(store, NOW - 60 * MINUTE_MS, NOW)).toBe(true);
    const china = { west: 73, south: 18, east: 135, north: 54 };
    expect(hasSimulated(store, NOW - 60 * MINUTE_MS, NOW, china)).toBe(false);
    expect(hasSimulated(store, NOW - 60 * MINUTE_MS, NOW, { ...china, east: 151 })).toBe(true);
  });

  it('turns a live StrokeDto into the compact form, marking simulator strokes', () => {
    const dto: StrokeDto = {
      id: 9,
      time: '2025-07-01T07:59:00.123Z',
      ns: 123_456_789,
      lat: 23.1,
      lon: 113.3,
      peak_ka: 31.4,
      type: 'IC',
      sensors: 7,
      multiplicity: null,
      flash_id: 4,
      source: 'simulator',
    };
    expect(toCompact(dto)).toEqual([9, Date.parse(dto.time), 23.1, 113.3, 31.4, 1, 4, 1]);
    expect(toCompact({ ...dto, source: 'ualf-tcp', type: 'CG' })[5]).toBe(0);
    expect(toCompact({ ...dto, source: 'ualf-tcp' })[7]).toBe(0);
  });
});
