import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatDisplayDate,
  formatLongDate,
  isoDate,
  monthGrid,
  monthTitle,
  parseTypedDate,
  parseTypedTime,
  splitDateTime,
  todayIn,
  weekdayNames,
  weekdayOf,
} from './calendar-dates';

describe('showing dates in the interface language', () => {
  it.each<[string, string, string]>([
    ['2026-11-24', 'en', '24 Nov 2026'],
    ['2026-11-24', 'zh-Hans', '2026年11月24日'],
    ['2026-01-05', 'en', '5 Jan 2026'],
    ['2026-01-05', 'zh-Hans', '2026年1月5日'],
  ])('%s in %s is %s', (iso, language, shown) => {
    expect(formatDisplayDate(iso, language)).toBe(shown);
  });

  it('names month, weekdays and a whole day in each language', () => {
    expect(monthTitle(2026, 11, 'en')).toBe('November 2026');
    expect(monthTitle(2026, 11, 'zh-Hans')).toBe('2026年11月');
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('zh-Hans')).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
    expect(formatLongDate('2026-11-24', 'en')).toMatch(/^Tuesday,? 24 November 2026$/);
    expect(formatLongDate('2026-11-24', 'zh-Hans')).toBe('2026年11月24日星期二');
  });
});

describe('parseTypedDate', () => {
  it.each<[string, string | null]>([
    ['2026-11-24', '2026-11-24'],
    [' 2026/11/24 ', '2026-11-24'],
    ['2026.1.5', '2026-01-05'],
    ['2026年11月24日', '2026-11-24'],
    ['2026 年 1 月 5 日', '2026-01-05'],
    ['２０２６年１１月２４日', '2026-11-24'],
    ['2026年11月24日星期二', '2026-11-24'],
    ['24 Nov 2026', '2026-11-24'],
    ['24 November 2026', '2026-11-24'],
    ['24 nov. 2026', '2026-11-24'],
    ['4 Sept 2026', '2026-09-04'],
    ['Nov 24, 2026', '2026-11-24'],
    ['November 24th 2026', '2026-11-24'],
    ['Tuesday, 24 November 2026', '2026-11-24'],
    ['29 Feb 2028', '2028-02-29'],
    ['29 Feb 2026', null],
    ['2026-02-30', null],
    ['2026-13-01', null],
    ['11/12/2026', null],
    ['24/11/2026', null],
    ['24 Novem 2026', null],
    ['tomorrow', null],
    ['', null],
  ])('%s → %s', (text, iso) => {
    expect(parseTypedDate(text)).toBe(iso);
  });

  const dates = fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2199-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it('reads back every date it shows, in both languages', () => {
    fc.assert(
      fc.property(dates, fc.constantFrom('en', 'zh-Hans'), (iso, language) => {
        expect(parseTypedDate(formatDisplayDate(iso, language))).toBe(iso);
        expect(parseTypedDate(formatLongDate(iso, language))).toBe(iso);
        expect(parseTypedDate(iso)).toBe(iso);
      }),
    );
  });
});

describe('parseTypedTime', () => {
  it.each<[string, string | null]>([
    ['8:30', '08:30:00'],
    ['08:30:15', '08:30:15'],
    ['0830', '08:30:00'],
    ['23:59:59', '23:59:59'],
    ['14：05', '14:05:00'],
    ['8点30分', '08:30:00'],
    ['9', '09:00:00'],
    ['24:00', null],
    ['12:60', null],
    ['12:30:60', null],
    ['noon', null],
    ['', null],
  ])('%s → %s', (text, time) => {
    expect(parseTypedTime(text)).toBe(time);
  });
});

describe('month grid', () => {
  it('shows six Monday-first weeks around November 2026', () => {
    const grid = monthGrid(2026, 11);
    expect(grid).toHaveLength(42);
    // 1 November 2026 is a Sunday: the grid starts on Monday 26 October.
    expect(grid[0]).toEqual({ iso: '2026-10-26', day: 26, inMonth: false });
    expect(grid[6]).toEqual({ iso: '2026-11-01', day: 1, inMonth: true });
    expect(grid.filter((d) => d.inMonth).map((d) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(grid[41]).toEqual({ iso: '2026-12-06', day: 6, inMonth: false });
  });

  it('starts every week on Monday and holds every day of every month once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const grid = monthGrid(year, month);
        expect(weekdayOf(grid[0]?.iso ?? '')).toBe(0);
        const days = grid.filter((d) => d.inMonth);
        const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(days.map((d) => d.iso)).toEqual(Array.from({ length }, (_, i) => isoDate(year, month, i + 1)));
        grid.slice(1).forEach((d, i) => {
          expect(d.iso).toBe(addDays(grid[i]?.iso ?? '', 1));
        });
      }),
    );
  });
});

describe('moving and splitting', () => {
  it.each<[string, number, string]>([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-03-31', -13, '2025-02-28'],
  ])('%s + %i months = %s', (iso, months, expected) => {
    expect(addMonths(iso, months)).toBe(expected);
  });

  it('crosses months and years by days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it.each<[string, { date: string; time: string }]>([
    ['2026-11-24T08:30:15', { date: '2026-11-24', time: '08:30:15' }],
    ['2026-11-24T08:30', { date: '2026-11-24', time: '08:30:00' }],
    ['2026-11-24', { date: '2026-11-24', time: '' }],
    ['', { date: '', time: '' }],
    ['2026-02-30T08:30', { date: '', time: '' }],
    ['soon', { date: '', time: '' }],
  ])('splits %s', (value, parts) => {
    expect(splitDateTime(value)).toEqual(parts);
  });

  it('knows today in the user’s time zone', () => {
    const lateUtc = new Date('2026-11-24T20:00:00Z');
    expect(todayIn('Asia/Shanghai', lateUtc)).toBe('2026-11-25');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-24');
  });
});
