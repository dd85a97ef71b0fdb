import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import { StrokeStore } from '../../lib/stroke-store';
import { DiffBatch, StrokeWindow } from './stroke-window';

const stroke = (id: number, t: number): CompactStroke => [id, t, 23, 113, -10, 0, null, 0];
const ids = (xs: readonly CompactStroke[]) => xs.map((s) => s[0]);

function storeOf(times: number[]) {
  const store = new StrokeStore();
  store.add(times.map((t, i) => stroke(i + 1, t)));
  return store;
}

describe('StrokeWindow', () => {
  it('holds only the strokes of its window, from < t <= to', () => {
    const window = new StrokeWindow(storeOf([10, 20, 30, 40]));
    expect(window.reset({ from: 10, to: 30 }).reset).toBe(true);
    expect(ids(window.strokes())).toEqual([2, 3]);
    expect(window.size).toBe(2);
  });

  it.each([
    ['forward', { from: 20, to: 50 }, [4], [2]],
    ['backward', { from: 0, to: 20 }, [1], [3]],
    ['nowhere', { from: 10, to: 30 }, [], []],
    ['far away', { from: 100, to: 200 }, [], [2, 3]],
  ])('moved %s, answers what came in and what left', (_, to, added, removed) => {
    const window = new StrokeWindow(storeOf([10, 20, 30, 40]));
    window.reset({ from: 10, to: 30 });
    const diff = window.move(to);
    expect(ids(diff.add)).toEqual(added);
    expect(diff.remove.sort()).toEqual(removed);
    expect(diff.reset).toBe(false);
  });

  it('follows new strokes inside the window only, and pruned ones it held', () => {
    const store = storeOf([10, 20]);
    const window = new StrokeWindow(store);
    window.reset({ from: 15, to: Number.POSITIVE_INFINITY });
    const unsubscribe = store.subscribe((change) => diffs.push(window.follow(change)));
    const diffs: ReturnType<StrokeWindow['follow']>[] = [];
    store.add([stroke(3, 5), stroke(4, 25)]);
    expect(ids(diffs[0]?.add ?? [])).toEqual([4]);
    store.pruneBefore(21);
    expect(diffs[1]?.remove).toEqual([2]);
    store.clear();
    expect(diffs[2]?.reset).toBe(true);
    expect(window.size).toBe(0);
    unsubscribe();
  });

  it('walks only the window when moved, with a day in the store', () => {
    const day = Array.from({ length: 24 * 60 }, (_, minute) => minute * 60_000);
    const window = new StrokeWindow(storeOf(day));
    window.reset({ from: 22 * 3_600_000, to: Number.POSITIVE_INFINITY });
    const diff = window.move({ from: 22 * 3_600_000 + 5 * 60_000, to: Number.POSITIVE_INFINITY });
    expect(diff.remove).toHaveLength(5);
    expect(diff.add).toHaveLength(0);
    // Minutes 22:06 to 23:59.
    expect(window.size).toBe(114);
  });
});

describe('DiffBatch', () => {
  it.each([
    [
      'adds and removes of different strokes',
      [
        { add: [1, 2], remove: [] },
        { add: [3], remove: [9] },
      ],
      { add: [1, 2, 3], remove: [9], reset: false },
    ],
    [
      'a stroke added then removed: neither',
      [
        { add: [1, 2], remove: [] },
        { add: [], remove: [1] },
      ],
      { add: [2], remove: [], reset: false },
    ],
    [
      'a reset forgets what came before it',
      [
        { add: [1], remove: [7] },
        { add: [], remove: [], reset: true },
        { add: [5], remove: [] },
      ],
      { add: [5], remove: [], reset: true },
    ],
  ])('%s', (_, diffs, expected) => {
    const batch = new DiffBatch();
    for (const d of diffs)
      batch.merge({
        add: d.add.map((id) => stroke(id, id)),
        remove: d.remove,
        reset: 'reset' in d && d.reset === true,
      });
    const taken = batch.take();
    expect({ ...taken, add: ids(taken.add) }).toEqual(expected);
    expect(batch.empty).toBe(true);
  });
});
