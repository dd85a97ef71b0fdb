import { describe, expect, it } from 'vitest';
import {
  densityCellDeg,
  localBucket,
  QueryAggregator,
  type QueryStroke,
  ZoneOffsets,
} from './stroke-query-agg.js';

const s = (over: Partial<QueryStroke>): QueryStroke => ({
  timeMs: Date.parse('2026-06-01T00:00:00Z'),
  lat: 23.15,
  lon: 113.25,
  isIc: false,
  peakKa: -20,
  ...over,
});

describe('QueryAggregator', () => {
  it('counts totals, groups in key order and density cells', () => {
    const agg = new QueryAggregator({ groupKey: (x) => (x.isIc ? 'b' : 'a'), cellDeg: 0.1 });
    for (const x of [
      s({}),
      s({ peakKa: 30 }),
      s({ isIc: true, peakKa: -10, lat: 23.05 }),
      s({ lat: -0.05, lon: -0.05, peakKa: -40 }),
    ])
      agg.add(x);
    const r = agg.result();
    expect(r.totals).toEqual({
      strokes: 4,
      cg: 3,
      ic: 1,
      positive: 1,
      negative: 3,
      max_abs_ka: 40,
      mean_abs_ka: 25,
    });
    expect(r.groups.map((g) => [g.key, g.strokes, g.positive])).toEqual([
      ['a', 3, 1],
      ['b', 1, 0],
    ]);
    expect(r.density.cells.sort()).toEqual([
      [-0.1, -0.1, 1],
      [23, 113.2, 1],
      [23.1, 113.2, 2],
    ]);
  });

  it('leaves strokes without a group key out of the groups, not the totals', () => {
    const agg = new QueryAggregator({ groupKey: () => null, cellDeg: 1 });
    agg.add(s({}));
    expect(agg.result()).toMatchObject({ totals: { strokes: 1 }, groups: [] });
  });

  it('says null for currents without strokes', () => {
    expect(new QueryAggregator({ groupKey: () => 'x', cellDeg: 1 }).result().totals).toMatchObject({
      strokes: 0,
      max_abs_ka: null,
      mean_abs_ka: null,
    });
  });
});

describe('densityCellDeg', () => {
  it.each([
    { box: { west: 113, south: 23, east: 114, north: 24 }, want: 0.01 },
    { box: { west: 109, south: 20, east: 117.5, north: 25.6 }, want: 0.05 },
    { box: { west: 73, south: 18, east: 135, north: 54 }, want: 0.5 },
    { box: { west: -180, south: -90, east: 180, north: 90 }, want: 2 },
  ])('$box → $want', ({ box, want }) => {
    expect(densityCellDeg(box)).toBe(want);
  });
});

describe('localBucket', () => {
  const shanghai = new ZoneOffsets('Asia/Shanghai');
  const berlin = new ZoneOffsets('Europe/Berlin');
  it.each([
    { at: '2026-06-30T16:30:00Z', zone: shanghai, by: 'hour', want: '2026-07-01 00:00' },
    { at: '2026-06-30T16:30:00Z', zone: shanghai, by: 'day', want: '2026-07-01' },
    { at: '2026-06-30T15:59:59Z', zone: shanghai, by: 'month', want: '2026-06' },
    // Berlin leaves summer time at 01:00 UTC on 25 October 2026.
    { at: '2026-10-25T00:30:00Z', zone: berlin, by: 'hour', want: '2026-10-25 02:00' },
    { at: '2026-10-25T01:30:00Z', zone: berlin, by: 'hour', want: '2026-10-25 02:00' },
    { at: '2026-10-25T02:30:00Z', zone: berlin, by: 'hour', want: '2026-10-25 03:00' },
  ] as const)('$at by $by → $want', ({ at, zone, by, want }) => {
    expect(localBucket(Date.parse(at), zone, by)).toBe(want);
  });
});
