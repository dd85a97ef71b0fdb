import { describe, expect, it } from 'vitest';
import {
  addStroke,
  cellOf,
  emptyCounts,
  flashStarts,
  hourStart,
  kaBucket,
  mergeCounts,
  type RollupStroke,
  rollUp,
} from './stroke-rollup.js';

const stroke = (over: Partial<RollupStroke> = {}): RollupStroke => ({
  timeMs: Date.parse('2026-07-01T10:15:00Z'),
  lat: 23.05,
  lon: 113.05,
  peakKa: -12,
  ic: false,
  multiplicity: 2,
  flashStart: true,
  ...over,
});

describe('kaBucket', () => {
  it.each([
    [0, 0],
    [4.99, 0],
    [5, 1],
    [19.9, 2],
    [20, 3],
    [49, 4],
    [50, 5],
    [99, 6],
    [100, 7],
    [199.9, 8],
    [200, 9],
    [900, 9],
  ])('|%d kA| is bucket %d', (ka, bucket) => expect(kaBucket(ka)).toBe(bucket));
});

describe('cellOf and hourStart', () => {
  it.each([
    [23.3, 113.3, 233, 1133],
    [23.29999, 113.0, 232, 1130],
    [0.3, -0.05, 3, -1],
    [-23.05, -0.1, -231, -1],
    [90, 180, 899, 1799],
  ])('(%d, %d) is cell (%d, %d)', (lat, lon, cy, cx) => expect(cellOf(lat, lon)).toEqual({ cy, cx }));

  it.each([
    ['2026-07-01T23:59:59.999Z', '2026-07-01T23:00:00.000Z'],
    ['2026-07-02T00:00:00Z', '2026-07-02T00:00:00.000Z'],
    ['2026-07-01T17:30:00Z', '2026-07-01T17:00:00.000Z'],
    ['1969-12-31T12:59:00Z', '1969-12-31T12:00:00.000Z'],
  ])('%s is in the UTC hour starting %s', (t, h) =>
    expect(new Date(hourStart(Date.parse(t))).toISOString()).toBe(h),
  );
});

describe('addStroke', () => {
  it.each([
    { s: stroke(), expect: { cg: 1, cgNeg: 1, flashes: 1, cgFlashes: 1 } },
    { s: stroke({ peakKa: 30 }), expect: { cg: 1, cgPos: 1 } },
    { s: stroke({ ic: true, peakKa: 4 }), expect: { ic: 1, icPos: 1, flashes: 1, cgFlashes: 0 } },
    { s: stroke({ ic: true, peakKa: 0, flashStart: false }), expect: { ic: 1, icNeg: 1, flashes: 0 } },
  ])('counts type and polarity ($s.peakKa kA, ic $s.ic)', ({ s, expect: want }) => {
    const c = emptyCounts();
    addStroke(c, s);
    expect(c).toMatchObject(want);
    expect(c.strokes).toBe(1);
  });

  it('keeps sums, max, buckets, multiplicity and first/last', () => {
    const c = emptyCounts();
    addStroke(c, stroke({ peakKa: -12, multiplicity: 2, timeMs: 5000 }));
    addStroke(c, stroke({ peakKa: 250, multiplicity: 9, timeMs: 1000 }));
    addStroke(c, stroke({ peakKa: 3, multiplicity: null, timeMs: 3000 }));
    expect(c.sumAbsKa).toBe(265);
    expect(c.maxAbsKa).toBe(250);
    expect(c.ka).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(c.mult).toEqual([0, 1, 0, 0, 1]);
    expect([c.firstMs, c.lastMs]).toEqual([1000, 5000]);
  });

  it('adding two halves equals adding all (what the upsert relies on)', () => {
    const all = [stroke(), stroke({ ic: true, peakKa: 9 }), stroke({ peakKa: 120, timeMs: 0 }), stroke()];
    const whole = emptyCounts();
    for (const s of all) addStroke(whole, s);
    const a = emptyCounts();
    const b = emptyCounts();
    for (const s of all.slice(0, 2)) addStroke(a, s);
    for (const s of all.slice(2)) addStroke(b, s);
    expect(mergeCounts(b, a)).toEqual(whole);
  });
});

describe('rollUp', () => {
  it('keys by UTC hour and region (none outside every region) and by UTC hour and cell', () => {
    const r = rollUp(
      [
        stroke(),
        stroke({ lat: 20, lon: 115 }),
        stroke({ timeMs: Date.parse('2026-07-01T10:59:59.999Z') }),
        stroke({ timeMs: Date.parse('2026-07-02T01:00:00Z') }),
      ],
      (lat) => (lat > 22 ? '440100' : null),
    );
    expect([...r.regions.keys()]).toEqual([
      '2026-07-01T10:00:00.000Z|440100',
      '2026-07-02T01:00:00.000Z|440100',
    ]);
    expect(r.regions.get('2026-07-01T10:00:00.000Z|440100')?.strokes).toBe(2);
    expect([...r.cells.keys()].sort()).toEqual([
      '2026-07-01T10:00:00.000Z|200|1150',
      '2026-07-01T10:00:00.000Z|230|1130',
      '2026-07-02T01:00:00.000Z|230|1130',
    ]);
  });
});

describe('flashStarts', () => {
  it.each([
    {
      name: 'strokes without a flash are flashes of their own',
      s: [
        [1, null],
        [2, null],
      ],
      seen: [],
      want: [true, true],
    },
    {
      name: 'the earliest stroke of a flash opens it',
      s: [
        [5, 7],
        [3, 7],
        [9, 8],
      ],
      seen: [],
      want: [false, true, true],
    },
    {
      name: 'a flash seen before is not counted again',
      s: [
        [5, 7],
        [6, 8],
      ],
      seen: [7],
      want: [false, true],
    },
  ])('$name', ({ s, seen, want }) => {
    const strokes = s.map(([timeMs, flashId]) => ({
      timeMs: timeMs as number,
      flashId: flashId as number | null,
    }));
    expect(flashStarts(strokes, (id) => (seen as number[]).includes(id))).toEqual(want);
  });
});
