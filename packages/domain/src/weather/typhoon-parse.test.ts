import { describe, expect, it } from 'vitest';
import { gradeOfCmaCode, gradeOfWindKt, gradeOfWindMs } from './typhoon-grade.js';
import { parseTyphoonText } from './typhoon-parse.js';

// CMA best track, CH2017BST.txt (CMA-STI Best Track Dataset via github.com/evaseemefly/TyphoonSearchSys
// @7574f28c, demo_data/): HATO's header and first four records, CRLF as in the file, header count cut to 4.
const CMA_HATO = [
  '66666 1713    4 0014 1713 0 6 HATO                               20180501',
  '2017081918 1 187 1296 1004      13',
  '2017082000 1 194 1286 1002      15',
  '2017082006 1 198 1276 1002      15',
  '2017082012 2 200 1267 1000      18',
].join('\r\n');

// Same file: the first, nameless storm's header with two records, and a grade-9 (extratropical) record of
// NANMADOL (line 93).
const CMA_NAMELESS = [
  '66666 0000    2 0000 0001 0 6 (nameless)                         20180501',
  '2017041406 0 109 1302 1010      10',
  '2017070500 9 360 1460  998      18',
].join('\n');

// ATCF b-deck bwp022023.dat (github.com/NRLMMD-GEOIPS/geoips @25da3a42, tests/sectors/tc_bdecks/, NRL Open
// License): MAWAR's first INVEST record and its three radii lines at 2023052412.
const ATCF_MAWAR = [
  'WP, 02, 2023051700,   , BEST,   0,  42N, 1520E,  15, 1009, DB,   0,    ,    0,    0,    0,    0,    0,    0,   0,   0,   0,   W,   0,    ,   0,   0,     INVEST,  , ',
  'WP, 02, 2023052412,   , BEST,   0, 138N, 1447E, 120,  940, TY,  34, NEQ,  125,  120,  115,  105, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, ',
  'WP, 02, 2023052412,   , BEST,   0, 138N, 1447E, 120,  940, TY,  50, NEQ,   60,   70,   55,   55, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, ',
  'WP, 02, 2023052412,   , BEST,   0, 138N, 1447E, 120,  940, TY,  64, NEQ,   35,   40,   35,   35, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, ',
].join('\n');

describe('grades', () => {
  it.each([
    [10.7, 'LO'],
    [10.8, 'TD'],
    [17.1, 'TD'],
    [17.2, 'TS'],
    [24.4, 'TS'],
    [24.45, 'STS'],
    [32.7, 'TY'],
    [41.5, 'STY'],
    [50.9, 'STY'],
    [51, 'SuperTY'],
  ] as const)('%s m/s is %s', (ms, grade) => expect(gradeOfWindMs(ms)).toBe(grade));

  it.each([
    [15, 'LO'],
    [35, 'TS'],
    [64, 'TY'],
    [120, 'SuperTY'],
  ] as const)('%s kt is %s', (kt, grade) => expect(gradeOfWindKt(kt)).toBe(grade));

  it.each([
    [0, 'LO'],
    [1, 'TD'],
    [6, 'SuperTY'],
    [9, 'ET'],
    [7, null],
    [-1, null],
  ] as const)('CMA code %s is %s', (code, grade) => expect(gradeOfCmaCode(code)).toBe(grade));
});

describe('parseTyphoonText: CMA best track', () => {
  it('reads HATO with its header', () => {
    const r = parseTyphoonText(CMA_HATO);
    expect(r.format).toBe('cma');
    expect(r.errors).toEqual([]);
    expect(r.storms).toHaveLength(1);
    const s = r.storms[0];
    expect(s).toMatchObject({ key: 'cma2017-0014', basin: 'WP', year: 2017, number: '1713', nameEn: 'HATO' });
    expect(s?.ended).toBe(true);
    expect(s?.track[3]).toEqual({
      time: Date.UTC(2017, 7, 20, 12),
      lat: 20,
      lon: 126.7,
      pressureHpa: 1000,
      windMs: 18,
      grade: 'TS',
      radii: [],
    });
  });

  it('keeps a nameless storm without a name and reads grade 9 as extratropical', () => {
    const r = parseTyphoonText(CMA_NAMELESS);
    expect(r.errors).toEqual([]);
    expect(r.storms[0]?.nameEn).toBeNull();
    // Serial 0000: the first record's time is the identity.
    expect(r.storms[0]?.key).toBe('cma2017-t2017041406');
    expect(r.storms[0]?.number).toBeNull();
    expect(r.storms[0]?.track.map((p) => p.grade)).toEqual(['LO', 'ET']);
  });

  const header = '66666 1713    1 0014 1713 0 6 HATO                               20180501';
  it.each([
    ['a bad time', '2017023018 1 187 1296 1004      13', 'time "2017023018" is not YYYYMMDDHH'],
    [
      'an unknown grade',
      '2017081918 7 187 1296 1004      13',
      'grade 7 is not a CMA intensity code (0-6, 9)',
    ],
    ['a latitude past the pole', '2017081918 1 987 1296 1004      13', 'latitude 98.7 is outside -90..90'],
    ['a pressure out of range', '2017081918 1 187 1296 9999      13', 'pressure 9999 is outside 850..1100'],
    ['a wind out of range', '2017081918 1 187 1296 1004     999', 'wind 999 is outside 0..120'],
    ['a huge number', '2017081918 1 187 1296 1004 99999999999', 'wind "99999999999" is not a whole number'],
    ['too few fields', '2017081918 1 187 1296', '4 fields, 6 or 7 expected'],
    ['a non-number', '2017081918 1 18x 1296 1004      13', 'latitude "18x" is not a whole number'],
  ])('names %s with its line', (_what, line, reason) => {
    const r = parseTyphoonText(`${header}\n${line}\n`);
    expect(r.errors).toEqual([{ line: 2, reason }]);
  });

  it('names a header whose count does not match and a data line before any header', () => {
    const r = parseTyphoonText(
      ['66666 1713    3 0014 1713 0 6 HATO 20180501', '2017081918 1 187 1296 1004 13'].join('\n'),
    );
    expect(r.errors).toEqual([{ line: 1, reason: 'header announces 3 records, 1 follow' }]);
    const bad = parseCmaLike('66666 17x3    1 0014 1713 0 6 HATO 20180501');
    expect(bad.errors).toEqual([
      { line: 1, reason: 'international number "17x3" is not 4 digits' },
      { line: 2, reason: 'data line before any 66666 header' },
    ]);
  });

  it.each([
    [
      'a CMA header name',
      '66666 1713    1 0014 1713 0 6 HA\u0000TO 20180501\n2017081918 1 187 1296 1004 13',
      1,
    ],
    [
      'a CMA data line',
      '66666 1713    1 0014 1713 0 6 HATO 20180501\n2017081918 1 187 1296 1004 13\u0000',
      2,
    ],
    [
      'an ATCF name',
      'WP, 02, 2023052412,   , BEST,   0, 138N, 1447E, 120,  940, TY, 34, NEQ, 0, 0, 0, 0, 1007, 300, 15, 0, 0, W, 0, , 0, 0, MA\u0000WAR',
      1,
    ],
  ])('refuses a NUL in %s, which text cannot hold', (_, text, line) => {
    expect(parseTyphoonText(text)).toEqual({
      format: null,
      storms: [],
      errors: [{ line, reason: 'text must not contain the NUL character (\\u0000)' }],
    });
  });
});

function parseCmaLike(headerLine: string) {
  return parseTyphoonText(`${headerLine}\n2017081918 1 187 1296 1004 13`);
}

describe('parseTyphoonText: ATCF deck', () => {
  it('reads MAWAR: the name after INVEST, one point per time with its three radii', () => {
    const r = parseTyphoonText(ATCF_MAWAR);
    expect(r.format).toBe('atcf');
    expect(r.errors).toEqual([]);
    const s = r.storms[0];
    expect(s).toMatchObject({ key: 'wp022023', basin: 'WP', year: 2023, number: '02', nameEn: 'MAWAR' });
    expect(s?.ended).toBe(false);
    expect(s?.track).toHaveLength(2);
    expect(s?.track[0]).toMatchObject({ lat: 4.2, lon: 152, windMs: 7.7, grade: 'LO', radii: [] });
    const p = s?.track[1];
    expect(p).toMatchObject({ time: Date.UTC(2023, 4, 24, 12), lat: 13.8, lon: 144.7, pressureHpa: 940 });
    expect(p?.windMs).toBe(61.7);
    expect(p?.grade).toBe('SuperTY');
    expect(p?.radii).toEqual([
      { kt: 34, neKm: 232, seKm: 222, swKm: 213, nwKm: 194 },
      { kt: 50, neKm: 111, seKm: 130, swKm: 102, nwKm: 102 },
      { kt: 64, neKm: 65, seKm: 74, swKm: 65, nwKm: 65 },
    ]);
    expect(s?.forecast).toEqual([]);
  });

  it('reads S and W hemispheres and keeps the latest forecast of one technique', () => {
    const text = [
      'SH, 05, 2024010100,   , BEST,   0, 150S, 1700W,  50,  990, TS,  34, AAA,   60,    0,    0,    0',
      'SH, 05, 2024010100, 03, JTWC,  12, 155S, 1710W,  55,  985, TS',
      'SH, 05, 2024010106, 03, JTWC,  12, 160S, 1720W,  60,  980, TS',
      'SH, 05, 2024010106, 03, JTWC,  24, 170S, 1730W,  65,  975, TY',
      'SH, 05, 2024010106, 03, AVNO,  24, 171S, 1731W,  65,  975, TY',
    ].join('\n');
    const s = parseTyphoonText(text).storms[0];
    expect(s?.track[0]).toMatchObject({ lat: -15, lon: -170 });
    expect(s?.track[0]?.radii).toEqual([{ kt: 34, neKm: 111, seKm: 111, swKm: 111, nwKm: 111 }]);
    expect(s?.forecast.map((p) => [p.leadH, p.lat, p.lon])).toEqual([
      [12, -16, -172],
      [24, -17, -173],
    ]);
  });

  const good =
    'WP, 02, 2023052412,   , BEST,   0, 138N, 1447E, 120,  940, TY,  34, NEQ,  125,  120,  115,  105';
  it.each([
    [
      'a latitude without hemisphere',
      good.replace('138N', '138'),
      'latitude "138" is not tenths of a degree with N/S',
    ],
    ['a longitude past 180', good.replace('1447E', '1847E'), 'longitude 184.7 is outside -180..180'],
    [
      'an unknown radius threshold',
      good.replace(' 34, NEQ', ' 40, NEQ'),
      'wind radius threshold 40 is not 34, 50 or 64 kt',
    ],
    ['a radius too large', good.replace(' 125,', ' 9999,'), 'wind radius 18518.148 is outside 0..2000'],
    [
      'a wind too strong',
      good.replace(' 120,  940', ' 999,  940'),
      expect.stringMatching(/^wind 513\.9.* is outside 0\.\.120$/),
    ],
    ['a bad wind code', good.replace('NEQ', 'XYZ'), 'wind radius code "XYZ" is not NEQ or AAA'],
    ['a bad time', good.replace('2023052412', '2023133112'), 'time "2023133112" is not YYYYMMDDHH'],
    ['too few fields', 'WP, 02, 2023052412, , BEST, 0', '6 fields, at least 11 expected'],
  ])('names %s with its line', (_what, line, reason) => {
    const r = parseTyphoonText(`${good}\n${line}`);
    expect(r.errors).toEqual([{ line: 2, reason }]);
    expect(r.storms[0]?.track).toHaveLength(1);
  });
});

describe('ATCF storm names', () => {
  const line = (name: string) =>
    `WP, 31, 2018101806,   , BEST,   0,  86N, 1694E,  15, 1010, DB,   0,    ,    0,    0,    0,    0,    0,    0,   0,   0,   0,    ,   0,    ,   0,   0, ${name},  , `;
  it.each([
    ['INVEST', null],
    ['TWO', null],
    ['THIRTY-ONE', null],
    ['TWENTYTWO', null],
    ['YUTU', 'YUTU'],
    ['KITTY', 'KITTY'],
  ])('%s names the storm %s', (name, expected) => {
    expect(parseTyphoonText(line(name)).storms[0]?.nameEn).toBe(expected);
  });
});

describe('parseTyphoonText: detection', () => {
  it.each([
    ['', { line: 1, reason: 'the file is empty' }],
    ['\n\nhello', { line: 3, reason: expect.stringMatching(/^neither a CMA/) }],
  ])('refuses %j', (text, error) => {
    expect(parseTyphoonText(text)).toEqual({ format: null, storms: [], errors: [error] });
  });
});
