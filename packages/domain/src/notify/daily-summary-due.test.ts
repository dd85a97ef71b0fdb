import { describe, expect, it } from 'vitest';
import { addDays, dailySummaryDue, startOfLocalDay } from './daily-summary-due.js';

describe('daily summary: which local day, and is it due', () => {
  it.each([
    // now (UTC), time zone, day summarised or null (not due), its start and end (UTC)
    ['2024-06-02T00:30:00Z', 'Asia/Shanghai', '2024-06-01', '2024-05-31T16:00:00Z', '2024-06-01T16:00:00Z'],
    ['2024-06-02T00:00:00Z', 'Asia/Shanghai', '2024-06-01', '2024-05-31T16:00:00Z', '2024-06-01T16:00:00Z'],
    ['2024-06-01T23:59:59Z', 'Asia/Shanghai', null, '', ''],
    ['2024-06-01T15:59:00Z', 'Asia/Shanghai', '2024-05-31', '2024-05-30T16:00:00Z', '2024-05-31T16:00:00Z'],
    ['2024-01-01T00:00:00Z', 'Asia/Shanghai', '2023-12-31', '2023-12-30T16:00:00Z', '2023-12-31T16:00:00Z'],
    ['2024-03-01T09:00:00Z', 'UTC', '2024-02-29', '2024-02-29T00:00:00Z', '2024-03-01T00:00:00Z'],
    ['2024-03-01T07:59:00Z', 'UTC', null, '', ''],
    ['2024-06-02T03:00:00Z', 'Asia/Kolkata', '2024-06-01', '2024-05-31T18:30:00Z', '2024-06-01T18:30:00Z'],
    // Spring forward: a 23-hour day.
    [
      '2024-03-11T12:00:00Z',
      'America/New_York',
      '2024-03-10',
      '2024-03-10T05:00:00Z',
      '2024-03-11T04:00:00Z',
    ],
    ['2024-03-11T11:59:00Z', 'America/New_York', null, '', ''],
    // Fall back: a 25-hour day.
    ['2024-10-28T08:00:00Z', 'Europe/London', '2024-10-27', '2024-10-26T23:00:00Z', '2024-10-28T00:00:00Z'],
    // A local date ahead of UTC's.
    [
      '2024-06-01T20:00:00Z',
      'Pacific/Auckland',
      '2024-06-01',
      '2024-05-31T12:00:00Z',
      '2024-06-01T12:00:00Z',
    ],
    // Midnight did not exist in São Paulo on 2018-11-04: the day began at 01:00 local.
    [
      '2018-11-05T11:00:00Z',
      'America/Sao_Paulo',
      '2018-11-04',
      '2018-11-04T03:00:00Z',
      '2018-11-05T02:00:00Z',
    ],
  ])('at %s in %s → %s', (now, zone, date, from, to) => {
    const due = dailySummaryDue(new Date(now), zone);
    if (date === null) {
      expect(due).toBeNull();
      return;
    }
    expect(due).toEqual({ date, from: new Date(from), to: new Date(to) });
  });

  it('is due again the next local day, for the day after', () => {
    const first = dailySummaryDue(new Date('2024-06-02T01:00:00Z'), 'Asia/Shanghai');
    const next = dailySummaryDue(new Date('2024-06-03T01:00:00Z'), 'Asia/Shanghai');
    expect(next?.date).toBe(addDays(first?.date as string, 1));
    expect(next?.from).toEqual(first?.to);
  });

  it('counts calendar days across month and year ends', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
  });

  it('starts a plain day at local midnight', () => {
    expect(startOfLocalDay('2024-07-04', 'America/Los_Angeles')).toEqual(new Date('2024-07-04T07:00:00Z'));
  });
});
