import { describe, expect, it } from 'vitest';
import { monthRange, yearRange } from './report-period.js';

describe('report periods in the report’s zone', () => {
  it.each([
    ['2026-06', 'Asia/Shanghai', '2026-05-31T16:00:00.000Z', '2026-06-30T16:00:00.000Z'],
    ['2026-06', 'UTC', '2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ['2026-12', 'Europe/Berlin', '2026-11-30T23:00:00.000Z', '2026-12-31T23:00:00.000Z'],
  ])('month %s in %s is [%s, %s)', (month, zone, from, to) => {
    const r = monthRange(month, zone);
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual([from, to]);
  });

  it('a month without a zone is Beijing’s (the group report), a year is the zone’s', () => {
    expect(monthRange('2026-06').from.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    const y = yearRange(2025, 'America/New_York');
    expect([y.from.toISOString(), y.to.toISOString()]).toEqual([
      '2025-01-01T05:00:00.000Z',
      '2026-01-01T05:00:00.000Z',
    ]);
  });
});
