import { describe, expect, it } from 'vitest';
import { areaParams, defaultPeriod, periodProblem, toCsv } from './stats-model';

const base = { kind: 'province' as const, province: '', city: '', zoneId: '', locationId: '' };

describe('areaParams', () => {
  it.each([
    [
      { ...base, province: '440000' },
      { area: 'province', code: '440000' },
    ],
    [{ ...base, kind: 'city' as const, province: '440000' }, null],
    [
      { ...base, kind: 'city' as const, city: '440300' },
      { area: 'city', code: '440300' },
    ],
    [
      { ...base, kind: 'zone' as const, zoneId: '7' },
      { area: 'zone', zone_id: '7' },
    ],
    [
      { ...base, kind: 'location' as const, locationId: '3' },
      { area: 'location', location_id: '3' },
    ],
    [base, null],
  ])('%o → %o', (choice, params) => expect(areaParams(choice)).toEqual(params));
});

describe('periods', () => {
  it.each([
    ['2026-11-24T20:00:00Z', 'UTC', '2026-01-01', '2026-11-24'],
    // After midnight in Beijing it is already the 25th there.
    ['2026-11-24T20:00:00Z', 'Asia/Shanghai', '2026-01-01', '2026-11-25'],
    ['2026-12-31T16:30:00Z', 'Asia/Shanghai', '2027-01-01', '2027-01-01'],
    ['2026-01-01T03:00:00Z', 'America/New_York', '2025-01-01', '2025-12-31'],
  ])('at %s in %s defaults to %s…%s (this year up to today, the user’s)', (now, zone, from, to) => {
    expect(defaultPeriod(new Date(now), zone)).toEqual({ from, to });
  });
  it.each([
    ['2026-01-01', '2026-01-01', null],
    ['2026-01-02', '2026-01-01', 'order'],
    ['', '2026-01-01', 'missing'],
    ['2000-01-01', '2026-01-01', 'too_long'],
  ])('%s…%s: %s', (from, to, problem) => expect(periodProblem(from, to)).toBe(problem));
});

describe('toCsv', () => {
  it('quotes what needs it, BOM first, CRLF lines', () => {
    expect(
      toCsv(
        ['日期 / date', 'n'],
        [
          ['a,b', 1],
          ['say "x"', null],
        ],
      ),
    ).toBe('\uFEFF日期 / date,n\r\n"a,b",1\r\n"say ""x""",\r\n');
  });
});
