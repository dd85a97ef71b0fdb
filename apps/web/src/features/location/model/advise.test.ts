import type { AdviceSet } from '@thunderwatch/shared/schemas/advise';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import { describe, expect, it } from 'vitest';
import {
  FRONT_FIRST,
  lastLocalDays,
  nextOrder,
  parseObjective,
  periodToIso,
  progressPercent,
  ringsSummary,
  ringsSummaryText,
  sortSets,
  thresholdOf,
  wordParams,
} from './advise';

const ring = (level: 1 | 2 | 3, radius_km: number, patch: Partial<Ring> = {}): Ring => ({
  level,
  radius_km,
  all_clear_min: 30,
  min_strokes: 1,
  window_min: 5,
  include_ic: false,
  ...patch,
});

const set = (id: string, patch: Partial<AdviceSet> = {}): AdviceSet => ({
  id,
  rings: [ring(3, 10), ring(2, 20), ring(1, 30)],
  predicted: false,
  pod: 0.5,
  far: 0.2,
  csi: 0.4,
  hits: 1,
  false_alarms: 0,
  median_lead_time_min: 10,
  warning_minutes: 100,
  on_front: false,
  current: false,
  ...patch,
});

describe('rings summary', () => {
  it('reads inner to outer whatever the order given', () => {
    expect(ringsSummaryText([ring(1, 30), ring(3, 10), ring(2, 20)])).toBe(
      '10/20/30 km · 30 min · 1 in 5 min',
    );
  });
  it('names each distinct all-clear and threshold', () => {
    expect(
      ringsSummary([ring(3, 8, { all_clear_min: 20 }), ring(2, 15.5, { min_strokes: 2 }), ring(1, 30)]),
    ).toEqual({ radii: '8/15.5/30', allClear: '20/30', strokes: '1/2', window: '5' });
  });
  it('keeps a single ring', () => {
    expect(ringsSummaryText([ring(3, 12)])).toBe('12 km · 30 min · 1 in 5 min');
  });
});

describe('objective from the form', () => {
  it.each([
    ['least_warning_at_pod', '80', { kind: 'least_warning_at_pod', min_pod: 0.8 }],
    ['least_warning_at_pod', ' 85 % ', { kind: 'least_warning_at_pod', min_pod: 0.85 }],
    ['least_warning_at_pod', '', { kind: 'least_warning_at_pod' }],
    ['most_lead_at_far', '30', { kind: 'most_lead_at_far', max_far: 0.3 }],
    ['most_lead_at_far', '12.5', { kind: 'most_lead_at_far', max_far: 0.125 }],
    ['best_csi', 'ignored', { kind: 'best_csi' }],
  ])('%s with %j', (kind, threshold, objective) => {
    expect(parseObjective(kind, threshold)).toEqual({ objective });
  });
  it.each([
    ['least_warning_at_pod', '120'],
    ['least_warning_at_pod', '-5'],
    ['most_lead_at_far', 'abc'],
    ['something_else', '50'],
  ])('refuses %s with %j', (kind, threshold) => {
    expect(parseObjective(kind, threshold)).toEqual({ problem: 'threshold_invalid' });
  });
  it('shows an objective back as percent text', () => {
    expect(thresholdOf({ kind: 'least_warning_at_pod' })).toBe('80');
    expect(thresholdOf({ kind: 'most_lead_at_far', max_far: 0.125 })).toBe('12.5');
    expect(thresholdOf({ kind: 'best_csi' })).toBe('');
  });
});

describe('period as local days', () => {
  it('defaults to the last 30 local days, today included', () => {
    // 17:00 UTC on 24 Nov is already 25 Nov in Shanghai.
    const now = new Date('2026-11-24T17:00:00Z');
    expect(lastLocalDays(now, 'Asia/Shanghai')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(lastLocalDays(now, 'UTC')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
  });
  it("runs from the first day's midnight to the midnight after the last, in the zone", () => {
    expect(periodToIso('2026-10-27', '2026-11-25', 'Asia/Shanghai')).toEqual({
      from: '2026-10-26T16:00:00.000Z',
      to: '2026-11-25T16:00:00.000Z',
    });
  });
  it('allows 92 days, not 93', () => {
    expect(periodToIso('2026-01-01', '2026-04-02', 'UTC')).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-04-03T00:00:00.000Z',
    });
    expect(periodToIso('2026-01-01', '2026-04-03', 'UTC')).toEqual({ problem: 'period_too_long' });
  });
  it('names a missing or reversed period', () => {
    expect(periodToIso('', '2026-01-01', 'UTC')).toEqual({ problem: 'period_required' });
    expect(periodToIso('2026-01-02', '2026-01-01', 'UTC')).toEqual({ problem: 'period_order' });
  });
});

describe('the sets in the table', () => {
  const site = {
    sets: [
      set('a', { warning_minutes: 300, pod: 0.9 }),
      set('b', { warning_minutes: 50, pod: 0.4 }),
      set('c', { warning_minutes: 20, pod: 0.3 }),
      set('d', { warning_minutes: 120, pod: null, far: null }),
      set('e', { warning_minutes: 200, pod: 0.9 }),
    ],
    front: ['c', 'b', 'e'],
  };
  it('puts the front first in its order, then the rest by warning minutes', () => {
    expect(sortSets(site, FRONT_FIRST).map((s) => s.id)).toEqual(['c', 'b', 'e', 'd', 'a']);
  });
  it('sorts by a figure, a missing one last, ties by warning minutes', () => {
    expect(sortSets(site, { key: 'pod', descending: true }).map((s) => s.id)).toEqual([
      'e',
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(sortSets(site, { key: 'pod', descending: false }).map((s) => s.id)).toEqual([
      'c',
      'b',
      'e',
      'a',
      'd',
    ]);
  });
  it('starts a column at its better end and flips it on a second click', () => {
    expect(nextOrder(FRONT_FIRST, 'far')).toEqual({ key: 'far', descending: false });
    expect(nextOrder(FRONT_FIRST, 'pod')).toEqual({ key: 'pod', descending: true });
    expect(nextOrder({ key: 'pod', descending: true }, 'pod')).toEqual({ key: 'pod', descending: false });
    expect(nextOrder({ key: 'pod', descending: true }, 'front')).toEqual(FRONT_FIRST);
  });
});

describe('words of a recommendation', () => {
  it('gives shares as percents and other numbers rounded', () => {
    expect(
      wordParams({ min_pod: 0.8, best_pod: 0.625, max_far: 0.3, minutes: 12.345, id: 'x', n: null }),
    ).toEqual({
      min_pod: '80%',
      best_pod: '63%',
      max_far: '30%',
      minutes: 12.3,
      id: 'x',
    });
  });
  it('counts progress in whole percents', () => {
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 5, total: 3 })).toBe(100);
  });
});
