import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnsWhile } from '../test/loop-turns.js';
import { sortInSlices } from './sort-in-slices.js';

type Item = { key: number; at: number };
const byKey = (a: Item, b: Item) => a.key - b.key;

describe('sortInSlices', () => {
  it('orders as Array.prototype.sort does, ties included (stable)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        async (keys, slice) => {
          const items = keys.map((key, at) => ({ key, at }));
          expect(await sortInSlices(items, byKey, slice)).toEqual([...items].sort(byKey));
        },
      ),
    );
  });

  it('lets the event loop turn between slices of a large sort', async () => {
    const items = Array.from({ length: 100_000 }, (_, at) => ({ key: (at * 7919) % 100_003, at }));
    const { result: sorted, turns } = await turnsWhile(() => sortInSlices(items, byKey, 2000));
    expect(sorted).toEqual([...items].sort(byKey));
    // 50 runs sorted, then 6 rounds of merging, each a turn per 2000 items.
    expect(turns).toBeGreaterThanOrEqual(49 + 6 * 50 - 10);
  });
});
