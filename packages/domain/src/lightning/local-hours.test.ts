import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, fractionalOffset, LocalHours, localDayRange, localDays } from './local-hours.js';
import { emptyCounts, type RollupCounts } from './stroke-rollup.js';

const counts = (strokes: number, cg: number): RollupCounts => ({
  ...emptyCounts(),
  strokes,
  cg,
  ic: strokes - cg,
});
const at = (iso: string) => Date.parse(iso);

describe('LocalHours', () => {
  it.each([
    ['2026-07-01T17:00:00Z', 'UTC', '2026-07-01', 17, '2026-07'],
    ['2026-07-01T17:00:00Z', 'Asia/Shanghai', '2026-07-02', 1, '2026-07'],
    ['2026-07-31T16:00:00Z', 'Asia/Shanghai', '2026-08-01', 0, '2026-08'],
    ['2026-07-31T15:00:00Z', 'Asia/Shanghai', '2026-07-31', 23, '2026-07'],
    ['2026-01-01T03:00:00Z', 'America/New_York', '2025-12-31', 22, '2025-12'],
    ['2026-07-01T03:00:00Z', 'America/New_York', '2026-06-30', 23, '2026-06'],
    ['2026-03-29T01:00:00Z', 'Europe/Berlin', '2026-03-29', 3, '2026-03'],
    ['2026-03-29T00:00:00Z', 'Europe/Berlin', '2026-03-29', 1, '2026-03'],
  ])('%s in %s is %s hour %d (%s)', (iso, zone, date, hour, month) =>
    expect(new LocalHours(zone).of(at(iso))).toEqual({ date, hour, month }),
  );
});

describe('localDayRange', () => {
  it.each([
    ['2026-07-01', '2026-07-01', 'UTC', '2026-07-01T00:00:00.000Z', '2026-07-02T00:00:00.000Z'],
    ['2026-07-01', '2026-07-31', 'Asia/Shanghai', '2026-06-30T16:00:00.000Z', '2026-07-31T16:00:00.000Z'],
    ['2026-03-29', '2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
  ])('%s…%s in %s is [%s, %s)', (from, to, zone, a, b) => {
    const r = localDayRange(from, to, zone);
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual([a, b]);
  });
});

describe('fractionalOffset and canonicalTimeZone', () => {
  const year = [at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z')] as const;
  it.each([
    ['UTC', null],
    ['Asia/Shanghai', null],
    ['Europe/Berlin', null],
    ['America/New_York', null],
    ['Asia/Kolkata', 330],
    ['Asia/Kathmandu', 345],
    ['America/St_Johns', -210],
    ['Australia/Lord_Howe', 630],
  ])('%s: %s', (zone, minutes) => expect(fractionalOffset(zone, ...year)).toBe(minutes));

  it.each([
    ['Asia/Shanghai', 'Asia/Shanghai'],
    ['UTC', 'UTC'],
    ['Mars/Olympus', null],
    ['', null],
  ])('%s is %s', (name, canonical) => expect(canonicalTimeZone(name)).toBe(canonical));
});

describe('localDays', () => {
  it('sums hourly rows per local day with the local hours, in date order', () => {
    const rows = [
      { hourMs: at('2026-07-02T03:00:00Z'), c: counts(1, 0) },
      { hourMs: at('2026-07-01T17:00:00Z'), c: counts(2, 2) },
      { hourMs: at('2026-07-01T06:00:00Z'), c: counts(4, 3) },
      { hourMs: at('2026-07-01T15:00:00Z'), c: counts(5, 1) },
    ];
    const utc = localDays(rows, 'UTC');
    expect(utc.map((d) => [d.date, d.c.strokes, d.c.cg])).toEqual([
      ['2026-07-01', 11, 6],
      ['2026-07-02', 1, 0],
    ]);
    expect(utc[0]?.hours[17]).toBe(2);
    const cn = localDays(rows, 'Asia/Shanghai');
    expect(cn.map((d) => [d.date, d.c.strokes, d.c.cg])).toEqual([
      ['2026-07-01', 9, 4],
      ['2026-07-02', 3, 2],
    ]);
    expect(cn[0]?.hours[14]).toBe(4);
    expect(cn[0]?.hours[23]).toBe(5);
    expect(cn[1]?.hours[1]).toBe(2);
    expect(cn[1]?.cgHours[1]).toBe(2);
    expect(cn[1]?.hours[11]).toBe(1);
    expect(cn.reduce((n, d) => n + d.hours.reduce((a, b) => a + b, 0), 0)).toBe(12);
  });
});
