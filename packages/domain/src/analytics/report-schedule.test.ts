import { describe, expect, it } from 'vitest';
import { scheduleDue } from './report-schedule.js';

const S = { day_of_month: 3, hour: 8, time_zone: 'Asia/Shanghai', last_period: null };

describe('scheduleDue', () => {
  it.each([
    { now: '2026-11-02T23:59:00Z', s: S, want: null },
    { now: '2026-11-03T00:00:00Z', s: S, want: '2026-10' },
    { now: '2026-11-03T00:00:00Z', s: { ...S, last_period: '2026-10' }, want: null },
    { now: '2026-11-20T00:00:00Z', s: { ...S, last_period: '2026-09' }, want: '2026-10' },
    { now: '2026-01-05T00:00:00Z', s: S, want: '2025-12' },
    { now: '2026-03-03T00:30:00Z', s: { ...S, hour: 9 }, want: null },
    { now: '2026-03-03T01:00:00Z', s: { ...S, hour: 9 }, want: '2026-02' },
  ])('$now with $s.last_period → $want', ({ now, s, want }) => {
    expect(scheduleDue(s, new Date(now))).toBe(want);
  });
});
