import { describe, expect, it } from 'vitest';
import {
  civilToEpochMs,
  diffNs,
  formatNanoIso,
  fractionToNs,
  instantAtMs,
  localDate,
  parseIsoTime,
  shiftInstant,
} from './stroke-time.js';

describe('civilToEpochMs', () => {
  it.each<[number[], number | string]>([
    [[2024, 2, 29, 23, 59, 59], Date.UTC(2024, 1, 29, 23, 59, 59)],
    [[1970, 1, 1, 0, 0, 0], 0],
    [[2023, 2, 29, 0, 0, 0], 'day 29 out of range for 2023-02 (1..28)'],
    [[2024, 4, 31, 0, 0, 0], 'day 31 out of range for 2024-04 (1..30)'],
    [[2024, 1, 0, 0, 0, 0], 'day 0 out of range for 2024-01 (1..31)'],
    [[2024, 0, 1, 0, 0, 0], 'month 0 out of range 1..12'],
    [[2024, 1, 1, 0, 60, 0], 'minute 60 out of range 0..59'],
    [[2024, 1, 1, 0, 0, 60], 'second 60 out of range 0..59'],
    [[99, 1, 1, 0, 0, 0], 'year 99 out of range 1970..2999'],
  ])('%j → %s', (parts, expected) => {
    const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number];
    expect(civilToEpochMs(y, mo, d, h, mi, s)).toBe(expected);
  });
});

describe('fractionToNs', () => {
  it.each([
    ['', 0],
    ['1', 100_000_000],
    ['8160029', 816_002_900],
    ['345596160', 345_596_160],
    ['000000051', 51],
  ])('.%s → %i ns', (digits, ns) => {
    expect(fractionToNs(digits)).toBe(ns);
  });
});

describe('parseIsoTime', () => {
  it.each<[string, { epochMs: number; ns: number } | string]>([
    ['2021-01-04T08:00:01.000000051Z', { epochMs: 1609747201000, ns: 51 }],
    ['2021-01-04T08:00:01.864782486Z', { epochMs: 1609747201864, ns: 864_782_486 }],
    ['2021-01-04T08:00:01Z', { epochMs: 1609747201000, ns: 0 }],
    ['2021-01-04t08:00:01.5z', { epochMs: 1609747201500, ns: 500_000_000 }],
    ['2021-01-04 16:00:01.25+08:00', { epochMs: 1609747201250, ns: 250_000_000 }],
    ['2021-01-04T03:30:01-0430', { epochMs: 1609747201000, ns: 0 }],
    [
      '2021-01-04T08:00:01',
      "time '2021-01-04T08:00:01' is not ISO 8601 with a zone (e.g. 2024-06-01T08:00:00.123456789Z)",
    ],
    [
      '2021-01-04T08:00:01.1234567891Z',
      "time '2021-01-04T08:00:01.1234567891Z' is not ISO 8601 with a zone (e.g. 2024-06-01T08:00:00.123456789Z)",
    ],
    ['2021-02-30T08:00:01Z', "time '2021-02-30T08:00:01Z': day 30 out of range for 2021-02 (1..28)"],
    ['2021-01-04T08:00:01+24:00', "time '2021-01-04T08:00:01+24:00': bad zone offset"],
  ])('%s', (text, expected) => {
    expect(parseIsoTime(text)).toEqual(expected);
  });
});

describe('instants', () => {
  const a = { epochMs: 1609747201864, ns: 864_782_486 };
  it('formats all nine digits', () => {
    expect(formatNanoIso(a.epochMs, a.ns)).toBe('2021-01-04T08:00:01.864782486Z');
  });
  it('subtracts exactly in nanoseconds', () => {
    expect(diffNs(a, { epochMs: 1609747200999, ns: 999_999_999 })).toBe(864_782_487);
    expect(diffNs(instantAtMs(1609747202500), a)).toBe(635_217_514);
  });
  it('shifts by whole milliseconds and keeps the sub-millisecond part', () => {
    expect(shiftInstant(a, -86_400_000)).toEqual({ epochMs: 1609660801864, ns: 864_782_486 });
    expect(shiftInstant(a, 200)).toEqual({ epochMs: 1609747202064, ns: 64_782_486 });
  });
  it('gives the local date at an offset', () => {
    expect(localDate(Date.UTC(2008, 6, 8, 16), 480)).toBe('2008-07-09');
    expect(localDate(Date.UTC(2008, 6, 8, 15, 59), 480)).toBe('2008-07-08');
  });
});
