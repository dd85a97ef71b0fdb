import { describe, expect, it } from 'vitest';
import { decodeAdtd, parseAdtd, parseAdtdLine } from './adtd.js';
import type { LineOutcome, ParsedStroke } from './stroke.js';
import { formatNanoIso } from './stroke-time.js';

declare const TextEncoder: new () => { encode(text: string): Uint8Array };

// First lines (1–9) and line 12 of "Documents/Sample Source Data/2008_07_09.txt" in
// github.com/memoryfraction/LLSDA-Lightning-Location-System-Data-Analyzer @94a21f41 (GPL-3.0).
// Lines 4 and 5 carry the next day's date although they precede 00:00:34.
const REAL = `15148 2008-07-08 23:59:27.1810554 纬度=18.7094  经度=111.4586  强度=-180.4 陡度=-39.8  误差=0.0    定位方式：二站振幅
15149 2008-07-08 23:59:35.8689662 纬度=23.6268  经度=114.5262  强度=-88.7  陡度=-17.5  误差=0.0    定位方式：二站混合
15150 2008-07-08 23:59:36.2010220 纬度=23.6845  经度=113.9467  强度=-69.0  陡度=-11.9  误差=0.0    定位方式：二站混合
0 2008-07-09 23:59:46.8160029 纬度=18.2777  经度=113.2506  强度=-294.6 陡度=-58.9  误差=52.8   定位方式：四站算法
1 2008-07-09 23:59:54.5729345 纬度=30.1328  经度=112.8774  强度=-160.0 陡度=-39.4  误差=0.0    定位方式：二站混合
2 2008-07-09 00:00:34.3874565 纬度=23.4388  经度=109.0372  强度=122.5  陡度=19.1   误差=0.0    定位方式：四站算法
3 2008-07-09 00:00:40.7895852 纬度=23.6709  经度=113.9518  强度=-65.2  陡度=-13.7  误差=0.0    定位方式：二站混合
4 2008-07-09 00:00:48.5108387 纬度=21.0368  经度=111.8794  强度=-66.2  陡度=-12.5  误差=51.9   定位方式：四站算法
5 2008-07-09 00:01:02.4706352 纬度=21.8756  经度=112.8815  强度=-163.8 陡度=-20.6  误差=75.9   定位方式：四站算法
8 2008-07-09 00:02:18.6875896 纬度=26.3328  经度=111.4116  强度=-70.0  陡度=-14.7  误差=0.0    定位方式：三站混合
`;
// Same file, line 4657: the writer printed a negative fraction.
const NEGATIVE_FRACTION =
  '3493 2008-07-09 18:02:02.-003532 纬度=23.0983  经度=111.4682  强度=-78.4  陡度=-14.3  误差=75.6   定位方式：四站算法';

// GBK bytes of the Chinese characters used above (from Python's gbk codec, an encoder Node lacks).
const GBK: Record<string, number[]> = {
  纬: [0xce, 0xb3],
  度: [0xb6, 0xc8],
  经: [0xbe, 0xad],
  强: [0xc7, 0xbf],
  陡: [0xb6, 0xb8],
  误: [0xce, 0xf3],
  差: [0xb2, 0xee],
  定: [0xb6, 0xa8],
  位: [0xce, 0xbb],
  方: [0xb7, 0xbd],
  式: [0xca, 0xbd],
  '：': [0xa3, 0xba],
  二: [0xb6, 0xfe],
  站: [0xd5, 0xbe],
  振: [0xd5, 0xf1],
  幅: [0xb7, 0xf9],
  混: [0xbb, 0xec],
  合: [0xba, 0xcf],
  四: [0xcb, 0xc4],
  算: [0xcb, 0xe3],
  法: [0xb7, 0xa8],
  三: [0xc8, 0xfd],
};

function encodeGbk(text: string): Uint8Array {
  return new Uint8Array(
    [...text].flatMap((c) => {
      if (c.charCodeAt(0) < 0x80) return [c.charCodeAt(0)];
      const bytes = GBK[c];
      if (!bytes) throw new Error(`no GBK bytes for ${c} in the test table`);
      return bytes;
    }),
  );
}

const strokes = (outcomes: LineOutcome[]) => outcomes.map((o) => ('stroke' in o ? o.stroke : o.error));
const iso = (s: ParsedStroke) => formatNanoIso(s.epochMs, s.ns);

describe('decodeAdtd', () => {
  it('reads GBK bytes', () => {
    expect(decodeAdtd(new Uint8Array([0xce, 0xb3, 0xb6, 0xc8, 0x3d]))).toBe('纬度=');
    expect(decodeAdtd(encodeGbk(REAL))).toBe(REAL);
  });
  it('reads UTF-8 with or without a BOM', () => {
    const utf8 = new TextEncoder().encode(REAL);
    expect(decodeAdtd(utf8)).toBe(REAL);
    expect(decodeAdtd(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(REAL);
  });
});

describe('parseAdtd on the real file head', () => {
  const { outcomes, corrected } = parseAdtd(REAL);
  const all = strokes(outcomes) as ParsedStroke[];

  it('reads every line, in UTC, with exact nanoseconds', () => {
    expect(outcomes.map((o) => o.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(all[0]).toEqual({
      epochMs: Date.UTC(2008, 6, 8, 15, 59, 27, 181),
      ns: 181_055_400,
      lat: 18.7094,
      lon: 111.4586,
      peakKa: -180.4,
      type: 'CG',
      sensors: 2,
      multiplicity: null,
      majorKm: null,
      minorKm: null,
      ellipseDeg: null,
    });
    expect(iso(all[5] as ParsedStroke)).toBe('2008-07-08T16:00:34.387456500Z');
    expect(all.map((s) => [s.sensors, s.majorKm])).toEqual([
      [2, null],
      [2, null],
      [2, null],
      [4, 52.8],
      [2, null],
      [4, null],
      [2, null],
      [4, 51.9],
      [4, 75.9],
      [3, null],
    ]);
  });

  it('moves the two records stamped with the next day back by 24 h', () => {
    const reason = 'date 2008-07-09 looks like a day-rollover glitch; taken as 2008-07-08';
    expect(corrected).toEqual([
      { line: 4, reason },
      { line: 5, reason },
    ]);
    expect(iso(all[3] as ParsedStroke)).toBe('2008-07-08T15:59:46.816002900Z');
    expect(iso(all[4] as ParsedStroke)).toBe('2008-07-08T15:59:54.572934500Z');
    const times = all.map((s) => s.epochMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('gives the same result for the GBK bytes and for an ASCII colon', () => {
    expect(parseAdtd(decodeAdtd(encodeGbk(REAL)))).toEqual({ outcomes, corrected });
    expect(parseAdtd(REAL.replaceAll('：', ':').replaceAll('\n', '\r\n'))).toEqual({ outcomes, corrected });
  });

  it('reads another UTC offset', () => {
    const first = strokes(parseAdtd(REAL, { utcOffsetMinutes: 0 }).outcomes)[0] as ParsedStroke;
    expect(iso(first)).toBe('2008-07-08T23:59:27.181055400Z');
  });

  it('mends a negative fraction and says so', () => {
    const result = parseAdtd(`\n${NEGATIVE_FRACTION}\n`);
    expect(iso(strokes(result.outcomes)[0] as ParsedStroke)).toBe('2008-07-09T10:02:01.999646800Z');
    expect(result.corrected).toEqual([
      { line: 2, reason: 'time 18:02:02.-003532 has a negative fraction; taken as 18:02:01.999646800' },
    ]);
  });
});

const rec = (
  date: string,
  time: string,
  tail = '纬度=23.1 经度=113.3 强度=-20.5 陡度=-5.0 误差=0.0 定位方式：三站混合',
) => `7 ${date} ${time} ${tail}`;

describe('parseAdtdLine', () => {
  it.each([
    ['fraction of 1 digit', rec('2008-07-09', '08:00:00.5'), 500_000_000],
    ['fraction of 9 digits', rec('2008-07-09', '08:00:00.123456789'), 123_456_789],
    ['no fraction', rec('2008-07-09', '08:00:00'), 0],
    [
      'trailing province fields',
      rec('2008-07-09', '08:00:00.1', '纬度=23.1 经度=113.3 强度=-9 省=广东 市=广州 县=越秀'),
      100_000_000,
    ],
    [
      'space after the colon',
      rec('2008-07-09', '08:00:00.25', '纬度=23.1 经度=113.3 强度=-9 定位方式： 四站算法'),
      250_000_000,
    ],
  ])('%s', (_name, line, ns) => {
    const s = parseAdtdLine(line) as ParsedStroke;
    expect([s.ns, s.epochMs]).toEqual([ns, Date.UTC(2008, 6, 9, 0, 0, 0, Math.floor(ns / 1e6))]);
  });

  it.each([
    ['no seq', '2008-07-09 08:00:00.1 纬度=1', "sequence number '2008-07-09' is not a whole number"],
    ['slashed date', rec('2008/07/09', '08:00:00.1'), "date '2008/07/09' is not YYYY-MM-DD"],
    [
      '10 fraction digits',
      rec('2008-07-09', '08:00:00.1234567890'),
      "time '08:00:00.1234567890' is not HH:MM:SS.fffffff",
    ],
    ['hour 25', rec('2008-07-09', '25:00:00.1'), 'hour 25 out of range 0..23'],
    ['30 February', rec('2008-02-30', '08:00:00.1'), 'day 30 out of range for 2008-02 (1..29)'],
    [
      'missing peak current',
      rec('2008-07-09', '08:00:00.1', '纬度=23.1 经度=113.3'),
      'missing 强度 (peak current)',
    ],
    [
      'latitude text',
      rec('2008-07-09', '08:00:00.1', '纬度=N23 经度=113.3 强度=-9'),
      "纬度 (latitude) is not a number: 'N23'",
    ],
    [
      'stray word',
      rec('2008-07-09', '08:00:00.1', '纬度=23.1 经度=113.3 强度=-9 oops'),
      "unexpected text 'oops'",
    ],
  ])('%s', (_name, line, reason) => {
    expect(parseAdtdLine(line)).toBe(reason);
  });
});

describe('parseAdtd day-rollover rule', () => {
  const times = (text: string) => (strokes(parseAdtd(text).outcomes) as ParsedStroke[]).map(iso);
  it.each<[string, [string, string], string, number]>([
    [
      'glitch 1 h before the next record',
      ['2008-07-09 23:00:00', '2008-07-09 00:00:00'],
      '2008-07-08T15:00:00.000000000Z',
      1,
    ],
    [
      'glitch 1 h 1 s before: kept',
      ['2008-07-09 22:59:59', '2008-07-09 00:00:00'],
      '2008-07-09T14:59:59.000000000Z',
      0,
    ],
    [
      'later record only 11 h ahead: kept',
      ['2008-07-09 11:00:00', '2008-07-09 00:00:00'],
      '2008-07-09T03:00:00.000000000Z',
      0,
    ],
    [
      'ordinary disorder: kept',
      ['2008-07-09 00:00:05', '2008-07-09 00:00:00'],
      '2008-07-08T16:00:05.000000000Z',
      0,
    ],
  ])('%s', (_name, [a, b], firstIso, count) => {
    const text = [a, b].map((dt) => rec(...(dt.split(' ') as [string, string]))).join('\n');
    expect(times(text)[0]).toBe(firstIso);
    expect(parseAdtd(text).corrected).toHaveLength(count);
  });

  it('rejects bad lines with 1-based numbers and value ranges', () => {
    const text = `${rec('2008-07-09', '08:00:00.1')}\n\nnonsense\n${rec('2008-07-09', '08:00:00.1', '纬度=91 经度=113.3 强度=-9')}`;
    expect(parseAdtd(text).outcomes.map((o) => ('error' in o ? [o.line, o.error] : o.line))).toEqual([
      1,
      [3, "sequence number 'nonsense' is not a whole number"],
      [4, 'latitude 91 out of range -90..90'],
    ]);
  });

  it('checks the clock after mending', () => {
    const now = Date.UTC(2008, 6, 8, 16, 0, 40);
    const { outcomes, corrected } = parseAdtd(REAL, { nowMs: now });
    expect(corrected.map((c) => c.line)).toEqual([4, 5]);
    expect(outcomes.filter((o) => 'error' in o).map((o) => o.line)).toEqual([]);
    const early = parseAdtd(REAL, { nowMs: Date.UTC(2008, 6, 8, 15, 50), maxFutureMs: 60_000 });
    expect(early.outcomes.filter((o) => 'stroke' in o).map((o) => o.line)).toEqual([]);
    expect(early.corrected).toEqual([]);
  });
});
