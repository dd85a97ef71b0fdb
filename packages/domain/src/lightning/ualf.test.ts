import { describe, expect, it } from 'vitest';
import type { ParsedStroke } from './stroke.js';
import { formatNanoIso } from './stroke-time.js';
import { parseUalf, parseUalfLine } from './ualf.js';

// UALF 0 line from github.com/Gipphe/ualf, tests/index.spec.ts @825c8de2 (MIT).
const GIPPHE =
  '0 2017 10 16 16 01 07 345596160 65.5204 12.7377 -87 0 12 17 134.27 0.40 0.40 0.72 13.1 10.0 -0.0 1 1 0 1';

// UALF2 (GLD360) fixture from github.com/pytroll/satpy, satpy/tests/reader_tests/test_gld360_ualf2.py
// @18c0e626 (GPL-3.0-or-later); TAB separated, lines 2 and 3 are deliberate duplicates.
const SATPY = [
  '2\t3\t2021\t1\t4\t8\t0\t1\t51\t-20.8001\t-158.3439\t0\t0\t10\t0\t0\t1\t3\t3\t9.47\t1.91\t1.59\t0.19\t11.4\t8.8\t0.0\t1\t1\t0\t1',
  '2\t3\t2021\t1\t4\t8\t0\t1\t864782486\t0.4381\t-0.8500\t0\t0\t-20\t0\t1\t0\t4\t5\t24.99\t1.95\t1.53\t1.53\t14.0\t12.9\t-0.0\t0\t1\t0\t1',
  '2\t3\t2021\t1\t4\t8\t0\t1\t864782486\t0.4381\t-0.8500\t0\t0\t-20\t0\t1\t0\t4\t5\t24.99\t1.95\t1.53\t1.53\t14.0\t12.9\t-0.0\t0\t1\t0\t1',
  '2\t3\t2021\t1\t4\t8\t0\t1\t897014133\t66.8166\t42.4914\t0\t0\t15\t0\t0\t1\t5\t7\t103.87\t4.33\t1.46\t0.48\t22.0\t12.3\t0.0\t1\t1\t0\t1',
].join('\n');

function stroke(line: string): ParsedStroke {
  const parsed = parseUalfLine(line);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('parseUalfLine', () => {
  it('reads the Gipphe UALF 0 line (cloud indicator 1 = IC)', () => {
    const s = stroke(GIPPHE);
    expect(formatNanoIso(s.epochMs, s.ns)).toBe('2017-10-16T16:01:07.345596160Z');
    expect(s).toEqual({
      epochMs: Date.UTC(2017, 9, 16, 16, 1, 7, 345),
      ns: 345_596_160,
      lat: 65.5204,
      lon: 12.7377,
      peakKa: -87,
      type: 'IC',
      sensors: 12,
      multiplicity: 0,
      ellipseDeg: 134.27,
      majorKm: 0.4,
      minorKm: 0.4,
    });
  });

  it('accepts any run of spaces and tabs between UALF 0/1 fields', () => {
    expect(stroke(`  ${GIPPHE.replaceAll(' ', '   ')}  `)).toEqual(stroke(GIPPHE));
  });

  it('reads cloud indicator 0 as CG', () => {
    const cg = GIPPHE.replace('-0.0 1 1 0 1', '-0.0 0 1 0 1');
    expect(stroke(cg).type).toBe('CG');
  });

  it.each([
    ['short line', '0 2017 10 16 16 01 07', 'expected 25 fields (UALF 0/1) or 30 (UALF2), got 7'],
    ['non-numeric latitude', GIPPHE.replace('65.5204', 'N65'), "field 9 (latitude) is not a number: 'N65'"],
    ['NaN peak current', GIPPHE.replace('-87', 'NaN'), "field 11 (peak current) is not a number: 'NaN'"],
    [
      'fractional sensors',
      GIPPHE.replace(' 12 17 ', ' 12.5 17 '),
      "field 13 (number of sensors) is not a whole number: '12.5'",
    ],
    ['month 13', GIPPHE.replace('2017 10 16', '2017 13 16'), 'month 13 out of range 1..12'],
    ['30 February', GIPPHE.replace('2017 10 16', '2016 02 30'), 'day 30 out of range for 2016-02 (1..29)'],
    ['second 61', GIPPHE.replace('16 01 07', '16 01 61'), 'second 61 out of range 0..59'],
    ['hour 24', GIPPHE.replace('16 01 07', '24 01 07'), 'hour 24 out of range 0..23'],
    [
      'ns ≥ 1 s',
      GIPPHE.replace('345596160', '1000000000'),
      'nanoseconds 1000000000 out of range 0..999999999',
    ],
    ['version 3', `3${GIPPHE.slice(1)}`, 'UALF version must be 0 or 1 in a 25-field record, got 3'],
    [
      'cloud indicator 2',
      GIPPHE.replace('-0.0 1 1 0 1', '-0.0 2 1 0 1'),
      'cloud indicator must be 0 (CG) or 1 (IC), got 2',
    ],
    ['UALF2 record type 1', `1${SATPY.split('\n')[0]?.slice(1)}`, 'UALF2 record type must be 2, got 1'],
  ])('%s → %s', (_name, line, reason) => {
    expect(parseUalfLine(line)).toBe(reason);
  });
});

describe('parseUalf', () => {
  it('reads the satpy UALF2 fixture as the satpy test expects, keeping duplicates', () => {
    const outcomes = parseUalf(SATPY);
    expect(outcomes.map((o) => o.line)).toEqual([1, 2, 3, 4]);
    const strokes = outcomes.map((o) => ('stroke' in o ? o.stroke : o.error)) as ParsedStroke[];
    const distinct = [strokes[0], strokes[1], strokes[3]] as ParsedStroke[];
    expect(strokes[2]).toEqual(strokes[1]);
    expect(distinct.map((s) => formatNanoIso(s.epochMs, s.ns))).toEqual([
      '2021-01-04T08:00:01.000000051Z',
      '2021-01-04T08:00:01.864782486Z',
      '2021-01-04T08:00:01.897014133Z',
    ]);
    expect(distinct.map((s) => s.epochMs)).toEqual([1609747201000, 1609747201864, 1609747201897]);
    expect(distinct.map((s) => [s.lat, s.peakKa, s.multiplicity, s.sensors, s.type])).toEqual([
      [-20.8001, 10, 0, 3, 'IC'],
      [0.4381, -20, 1, 4, 'CG'],
      [66.8166, 15, 0, 5, 'IC'],
    ]);
    expect([distinct[0]?.ellipseDeg, distinct[0]?.majorKm, distinct[0]?.minorKm]).toEqual([9.47, 1.91, 1.59]);
  });

  it('numbers lines from 1, skips blank lines, tolerates CRLF and a mix of layouts', () => {
    const text = `\r\n${GIPPHE}\r\n   \r\nnot ualf\r\n${SATPY.split('\n')[0]}\r\n`;
    expect(parseUalf(text).map((o) => ('stroke' in o ? [o.line, o.stroke.type] : [o.line, o.error]))).toEqual(
      [
        [2, 'IC'],
        [4, 'expected 25 fields (UALF 0/1) or 30 (UALF2), got 2'],
        [5, 'IC'],
      ],
    );
  });

  it.each([
    ['latitude', GIPPHE.replace('65.5204', '91.2'), 'latitude 91.2 out of range -90..90'],
    ['longitude', GIPPHE.replace('12.7377', '-180.5'), 'longitude -180.5 out of range -180..180'],
    ['peak current', GIPPHE.replace('-87', '-1200'), 'peak current -1200 out of range -1000..1000'],
  ])('checks the %s range', (_name, line, reason) => {
    expect(parseUalf(line)).toEqual([{ line: 1, error: reason }]);
  });

  it('rejects strokes from the future only when given the clock', () => {
    const now = Date.UTC(2017, 9, 16, 15, 50);
    expect(parseUalf(GIPPHE)).toHaveLength(1);
    expect(parseUalf(GIPPHE, { nowMs: now })).toEqual([
      { line: 1, error: 'time 2017-10-16T16:01:07.345596160Z is more than 5 min in the future' },
    ]);
    expect('stroke' in (parseUalf(GIPPHE, { nowMs: now, maxFutureMs: 15 * 60_000 })[0] ?? {})).toBe(true);
  });
});
