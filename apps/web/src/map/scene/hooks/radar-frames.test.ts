import { describe, expect, it } from 'vitest';
import { frameAt, pickProduct, productsOf, type RadarTime } from './radar-frames';

const T = Date.parse('2026-07-12T07:00:00Z');
const at = (min: number, product = 'sim_dbz'): RadarTime => ({
  time: new Date(T + min * 60_000).toISOString(),
  product,
});
const ITEMS = [at(0), at(0, 'dwd'), at(6), at(12), at(12, 'dwd')];

describe('frameAt', () => {
  it.each<[number, number | null, number | null]>([
    [-1, null, 0], // before the first frame: none yet, the first next
    [0, 0, 6],
    [5.9, 0, 6],
    [6, 6, 12],
    [20, 12, null],
    [42, 12, null], // 30 min after the last frame: still shown
    [42.1, null, null], // older than that: none
  ])('at +%d min shows the frame of +%s and loads +%s next', (min, current, next) => {
    const f = frameAt(ITEMS, 'sim_dbz', T + min * 60_000);
    expect(f.current).toEqual(current === null ? null : at(current));
    expect(f.next).toEqual(next === null ? null : at(next));
  });

  it('shows nothing for a product without frames', () => {
    expect(frameAt(ITEMS, 'other', T + 60_000)).toEqual({ current: null, next: null });
  });
});

describe('products', () => {
  it('lists each product once, in name order', () => {
    expect(productsOf(ITEMS)).toEqual(['dwd', 'sim_dbz']);
  });

  it.each<[string[], string | null, string | null]>([
    [['dwd', 'sim_dbz'], null, 'dwd'],
    [['dwd', 'sim_dbz'], 'sim_dbz', 'sim_dbz'],
    [['sim_dbz'], 'dwd', 'sim_dbz'],
    [[], null, null],
  ])('from %j with %s chosen picks %s', (products, chosen, picked) => {
    expect(pickProduct(products, chosen)).toBe(picked);
  });
});
