import { describe, expect, it } from 'vitest';
import { currentMonth, formatCell, monthPeriod } from './sheet-cells';

describe('monthPeriod', () => {
  it.each([
    {
      month: '2026-06',
      zone: 'Asia/Shanghai',
      want: { from: '2026-05-31T16:00:00.000Z', to: '2026-06-30T16:00:00.000Z' },
    },
    {
      month: '2026-12',
      zone: 'UTC',
      want: { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' },
    },
    { month: '2026-13', zone: 'UTC', want: null },
    { month: 'June', zone: 'UTC', want: null },
  ])('$month in $zone', ({ month, zone, want }) => {
    expect(monthPeriod(month, zone)).toEqual(want);
  });
});

describe('currentMonth', () => {
  it('is the month in the zone, not in UTC', () => {
    expect(currentMonth(new Date('2026-06-30T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-07');
    expect(currentMonth(new Date('2026-06-30T17:00:00Z'), 'UTC')).toBe('2026-06');
  });
});

describe('formatCell', () => {
  it.each([
    { value: null, kind: 'number', want: '—' },
    { value: 12345, kind: 'integer', want: '12,345' },
    { value: 96.67, kind: 'percent', want: '96.7 %' },
    { value: 'Tower', kind: 'text', want: 'Tower' },
    { value: '2026-06-01T00:00:00Z', kind: 'datetime', want: '01/06/2026, 08:00:00' },
  ] as const)('$value as $kind', ({ value, kind, want }) => {
    expect(formatCell(value, kind, 'Asia/Shanghai', 'en')).toBe(want);
  });
});
