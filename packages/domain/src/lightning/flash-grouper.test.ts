import { describe, expect, it } from 'vitest';
import { destinationPoint, distanceKm } from '../geo/geodesy.js';
import { FlashGrouper, type GroupableStroke, groupFlashes } from './flash-grouper.js';

const T0 = Date.UTC(2024, 5, 1, 8, 0, 0);
const HOME = { lat: 23.1, lon: 113.3 };

/** A stroke `ms` (may be fractional, resolved to the nanosecond) after T0, `km` east of HOME. */
function at(ms: number, km = 0, source = 'a'): GroupableStroke {
  const totalNs = Math.round(ms * 1_000_000);
  const epochMs = T0 + Math.floor(totalNs / 1_000_000);
  const ns = (epochMs % 1000) * 1_000_000 + (totalNs % 1_000_000);
  return { epochMs, ns, ...destinationPoint(HOME.lat, HOME.lon, 90, km), source };
}

function ids(strokes: GroupableStroke[], options = {}): number[] {
  let next = 0;
  const grouper = new FlashGrouper({ nextId: () => ++next, ...options });
  return strokes.map((s) => grouper.assign(s));
}

describe('FlashGrouper', () => {
  it.each<[string, GroupableStroke[], number[]]>([
    ['single stroke', [at(0)], [1]],
    ['multiplicity 4', [at(0), at(60, 0.5), at(150, 1), at(300, 2)], [1, 1, 1, 1]],
    [
      'multiplicity 15 within 1 s',
      Array.from({ length: 15 }, (_, i) => at(i * 66, i * 0.3)),
      Array(15).fill(1),
    ],
    ['gap just under 500 ms joins', [at(0), at(499.999999)], [1, 1]],
    ['gap of exactly 500 ms does not', [at(0), at(500)], [1, 2]],
    ['just under 1 s joins', [at(0), at(400), at(800), at(999.999999)], [1, 1, 1, 1]],
    ['exactly 1 s does not', [at(0), at(400), at(800), at(1000)], [1, 1, 1, 2]],
    ['9.999 km joins', [at(0), at(100, 9.999)], [1, 1]],
    ['10.001 km does not', [at(0), at(100, 10.001)], [1, 2]],
    ['distance from the first stroke, not the latest', [at(0), at(100, 6), at(200, 11)], [1, 1, 2]],
    ['two storms at once', [at(0), at(10, 40), at(80), at(90, 40.5)], [1, 2, 1, 2]],
    ['out of order by 100 ms', [at(0), at(200), at(100), at(300)], [1, 1, 1, 1]],
    ['late stroke before the first one', [at(100), at(400), at(0)], [1, 1, 1]],
    ['late stroke may not stretch the flash to 1 s', [at(100), at(500), at(900), at(-150)], [1, 1, 1, 2]],
    ['late stroke joins the flash nearest in time', [at(0), at(450, 3), at(300, 1.5)], [1, 1, 1]],
  ])('%s', (_name, strokes, expected) => {
    expect(ids(strokes)).toEqual(expected);
  });

  it('does not join at exactly the distance limit', () => {
    const [a, b] = [at(0), at(100, 7)];
    const limit = distanceKm(a.lat, a.lon, b.lat, b.lon);
    expect(ids([a, b], { maxDistanceKm: limit })).toEqual([1, 2]);
    expect(ids([a, b], { maxDistanceKm: limit + 1e-9 })).toEqual([1, 1]);
  });

  it('keeps sources apart even when interleaved at the same place', () => {
    const strokes = [at(0, 0, 'a'), at(20, 0, 'b'), at(60, 0, 'a'), at(70, 0, 'b'), at(120, 0, 'a')];
    expect(ids(strokes)).toEqual([1, 2, 1, 2, 1]);
  });

  it('takes other limits', () => {
    expect(ids([at(0), at(300), at(600)], { maxGapMs: 250 })).toEqual([1, 2, 3]);
    expect(ids([at(0), at(400), at(800)], { maxDurationMs: 700 })).toEqual([1, 1, 2]);
  });
});

describe('FlashGrouper.prune', () => {
  it('closes flashes that can no longer grow and returns their ids', () => {
    let next = 0;
    const g = new FlashGrouper({ nextId: () => ++next });
    g.assign(at(0));
    g.assign(at(300, 30));
    expect(g.prune(T0 + 499)).toEqual([]);
    expect(g.prune(T0 + 500)).toEqual([1]);
    expect(g.openCount).toBe(1);
    // A stroke that would have joined flash 1 now opens a new flash.
    expect(g.assign(at(450))).toBe(3);
    expect(g.prune(T0 + 800)).toEqual([2]);
  });

  it('closes a flash at 1 s even while it keeps flashing', () => {
    let next = 0;
    const g = new FlashGrouper({ nextId: () => ++next });
    for (const ms of [0, 400, 800]) g.assign(at(ms));
    expect(g.prune(T0 + 999)).toEqual([]);
    expect(g.prune(T0 + 1000)).toEqual([1]);
  });

  it('keeps memory bounded over a long stream', () => {
    let next = 0;
    const g = new FlashGrouper({ nextId: () => ++next });
    let maxOpen = 0;
    for (let i = 0; i < 20_000; i++) {
      // Three sources, a stroke every 250 ms somewhere within 30 km.
      const s = at(i * 250, (i * 7) % 30, `feed-${i % 3}`);
      g.assign(s);
      g.prune(s.epochMs - 2000);
      maxOpen = Math.max(maxOpen, g.openCount);
    }
    expect(next).toBeGreaterThan(1000);
    expect(maxOpen).toBeLessThan(40);
  });
});

describe('groupFlashes', () => {
  it('groups a sorted batch into index lists in order of first stroke', () => {
    const strokes = [at(0), at(50, 25), at(100, 1), at(200, 0.5), at(260, 25.5), at(2000)];
    expect(groupFlashes(strokes)).toEqual([[0, 2, 3], [1, 4], [5]]);
  });

  it('respects sources and limits', () => {
    const strokes = [at(0, 0, 'x'), at(10, 0, 'y'), at(700, 0, 'x')];
    expect(groupFlashes(strokes)).toEqual([[0], [1], [2]]);
    expect(groupFlashes(strokes, { maxGapMs: 800 })).toEqual([[0, 2], [1]]);
  });

  it('returns nothing for no strokes', () => {
    expect(groupFlashes([])).toEqual([]);
  });
});
