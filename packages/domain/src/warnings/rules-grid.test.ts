import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import { describe, expect, it } from 'vitest';
import { validateRings } from './ring-validation.js';
import {
  adviceGrid,
  paretoFront,
  type Recommendation,
  recommend,
  ruleSetId,
  type ScoredSet,
  warningMinutes,
} from './rules-grid.js';

const ring = (radius_km: number, level: 1 | 2 | 3, all_clear_min = 30, n = 1, w = 1, ic = true): Ring => ({
  radius_km,
  level,
  all_clear_min,
  min_strokes: n,
  window_min: w,
  include_ic: ic,
});

describe('adviceGrid', () => {
  const cases: {
    name: string;
    current: Ring[];
    currentPredicted: boolean;
    predicted: boolean;
    size: number;
    currentId: string;
  }[] = [
    {
      name: 'the default rings are a grid set: not added again',
      current: [...DEFAULT_RINGS],
      currentPredicted: false,
      predicted: true,
      size: 96,
      currentId: 'i10-m20-o30-ac30-n1',
    },
    {
      name: 'rings off the grid are added as current',
      current: [ring(8, 3, 20), ring(25, 1, 20)],
      currentPredicted: false,
      predicted: false,
      size: 93,
      currentId: 'current',
    },
    {
      name: 'a site predicting live: its current set is the predicted one, a grid id with -p',
      current: [...DEFAULT_RINGS],
      currentPredicted: true,
      predicted: true,
      size: 96,
      currentId: 'i10-m20-o30-ac30-n1-p',
    },
    {
      name: 'a predicting site whose rings are not among the predicted few gets its own',
      current: [ring(5, 3), ring(20, 2), ring(60, 1)],
      currentPredicted: true,
      predicted: true,
      size: 97,
      currentId: 'i5-m20-o60-ac30-n1-p',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { sets, currentId } = adviceGrid(c.current, c);
      expect(sets).toHaveLength(c.size);
      expect(currentId).toBe(c.currentId);
      expect(sets.filter((s) => s.id === currentId)).toHaveLength(1);
      expect(new Set(sets.map((s) => s.id)).size).toBe(sets.length);
      for (const s of sets) {
        expect(validateRings(s.rings), s.id).toEqual([]);
        expect(ruleSetId(s.rings, s.predicted)).toBe(s.id);
      }
      expect(sets.filter((s) => s.predicted).length).toBeLessThanOrEqual(5);
    });
  }

  it('spans inner 5–20 km, outer to 60 km, two all-clears and two thresholds; IC as the current inner ring', () => {
    const { sets } = adviceGrid([ring(10, 3, 30, 1, 1, false), ring(30, 1)], {
      currentPredicted: false,
      predicted: false,
    });
    const grid = sets.filter((s) => s.id !== 'current');
    expect(new Set(grid.map((s) => s.rings[0]?.radius_km))).toEqual(new Set([5, 10, 15, 20]));
    expect(Math.max(...grid.map((s) => s.rings[2]?.radius_km ?? 0))).toBe(60);
    expect(new Set(grid.map((s) => s.rings[0]?.all_clear_min))).toEqual(new Set([15, 30]));
    expect(new Set(grid.map((s) => `${s.rings[0]?.min_strokes}/${s.rings[0]?.window_min}`))).toEqual(
      new Set(['1/1', '2/5']),
    );
    expect(grid.every((s) => s.rings.every((r) => r.include_ic === false))).toBe(true);
    expect(grid.find((s) => s.id === 'i20-m30-o60-ac15-n2')?.rings).toEqual([
      ring(20, 3, 15, 2, 5, false),
      ring(30, 2, 15, 2, 5, false),
      ring(60, 1, 15, 2, 5, false),
    ]);
  });
});

const set = (
  id: string,
  pod: number | null,
  warning_minutes: number,
  more: Partial<ScoredSet> = {},
): ScoredSet => ({
  id,
  pod,
  far: null,
  csi: null,
  median_lead_time_min: null,
  warning_minutes,
  ...more,
});

describe('paretoFront', () => {
  const cases: { name: string; sets: ScoredSet[]; front: string[] }[] = [
    {
      name: 'keeps the sets no other beats on POD without more warning, by warning minutes',
      sets: [
        set('a', 0.9, 300),
        set('b', 0.5, 100),
        set('c', 0.5, 200),
        set('d', 0.95, 500),
        set('e', 0.8, 400),
      ],
      front: ['b', 'a', 'd'],
    },
    { name: 'equal sets are both on it', sets: [set('x', 0.5, 10), set('w', 0.5, 10)], front: ['w', 'x'] },
    {
      name: 'without events (POD null) the least warning wins',
      sets: [set('a', null, 30), set('b', null, 0), set('c', null, 0)],
      front: ['b', 'c'],
    },
    { name: 'nothing to compare', sets: [], front: [] },
  ];
  for (const c of cases) it(c.name, () => expect(paretoFront(c.sets)).toEqual(c.front));
});

describe('recommend', () => {
  const sets = [
    set('wide', 0.9, 600, { csi: 0.5, far: 0.5, median_lead_time_min: 20 }),
    set('mid', 0.8, 300, { csi: 0.6, far: 0.25, median_lead_time_min: 12 }),
    set('mid2', 0.85, 300, { csi: 0.55, far: 0.2, median_lead_time_min: 12 }),
    set('tight', 0.4, 100, { csi: 0.4, far: 0.1, median_lead_time_min: 5 }),
  ];
  const cases: {
    name: string;
    events: number;
    objective: Parameters<typeof recommend>[2];
    expected: Recommendation;
  }[] = [
    {
      name: 'default: POD ≥ 0.8 with the least warning, ties to the higher POD',
      events: 10,
      objective: undefined,
      expected: { setId: 'mid2', code: 'meets_objective', params: { min_pod: 0.8 } },
    },
    {
      name: 'a lower bar lets a tighter set in',
      events: 10,
      objective: { kind: 'least_warning_at_pod', min_pod: 0.4 },
      expected: { setId: 'tight', code: 'meets_objective', params: { min_pod: 0.4 } },
    },
    {
      name: 'no set reaches the bar: none, with the best POD',
      events: 10,
      objective: { kind: 'least_warning_at_pod', min_pod: 0.95 },
      expected: { setId: null, code: 'none_meets', params: { min_pod: 0.95, best_pod: 0.9 } },
    },
    {
      name: 'best CSI',
      events: 10,
      objective: { kind: 'best_csi' },
      expected: { setId: 'mid', code: 'meets_objective', params: { csi: 0.6 } },
    },
    {
      name: 'most lead with FAR ≤ 0.3 (default): ties to less warning, then id',
      events: 10,
      objective: { kind: 'most_lead_at_far' },
      expected: { setId: 'mid', code: 'meets_objective', params: { max_far: 0.3 } },
    },
    {
      name: 'no set that low in false alarms',
      events: 10,
      objective: { kind: 'most_lead_at_far', max_far: 0.05 },
      expected: { setId: null, code: 'none_meets', params: { max_far: 0.05, best_far: 0.1 } },
    },
    {
      name: 'no events: nothing to recommend',
      events: 0,
      objective: undefined,
      expected: { setId: null, code: 'no_events', params: {} },
    },
  ];
  for (const c of cases) it(c.name, () => expect(recommend(sets, c.events, c.objective)).toEqual(c.expected));
});

describe('warningMinutes', () => {
  const M = 60_000;
  const cases: { name: string; warnings: [number, number][]; minutes: number }[] = [
    {
      name: 'whole warnings in the window',
      warnings: [
        [10, 40],
        [50, 55],
      ],
      minutes: 35,
    },
    { name: 'one begun before the window is not counted', warnings: [[-10, 20]], minutes: 0 },
    { name: 'one running past the end is clipped', warnings: [[90, 130]], minutes: 10 },
    { name: 'one beginning at the end is not counted', warnings: [[100, 110]], minutes: 0 },
  ];
  for (const c of cases) {
    it(c.name, () =>
      expect(
        warningMinutes(
          c.warnings.map(([a, b]) => ({ startMs: a * M, endMs: b * M })),
          0,
          100 * M,
        ),
      ).toBe(c.minutes),
    );
  }
});
