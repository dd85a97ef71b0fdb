import { describe, expect, it } from 'vitest';
import { parseNdbcRealtime, parseWavesJson } from './wave-parse.js';

const NOW = Date.parse('2026-03-24T12:00:00Z');
const W = { nowMs: NOW, retentionDays: 30 };
const STATION = { id: '41002', name: 'South Hatteras', nameEn: null, lat: 31.76, lon: -74.84, elevation: 0 };

// The header and units lines as NDBC writes them in its realtime2 station files (standard meteorological
// data); the readings are made up in that layout, newest first, with MM for missing values.
const HEADER = [
  '#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES  ATMP  WTMP  DEWP  VIS PTDY  TIDE',
  '#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa  degC  degC  degC  nmi  hPa    ft',
];
const FILE = [
  ...HEADER,
  '2026 03 24 10 50  40 13.0 17.0   2.9     7   5.8   0 1018.2  18.9  23.4  16.7   MM -0.3    MM',
  '2026 03 24 10 40  40 13.0 16.0    MM    MM    MM  MM 1018.1  18.9  23.4  16.7   MM   MM    MM',
  '2026 03 24 10 30  MM   MM   MM    MM    MM    MM  MM     MM    MM    MM    MM   MM   MM    MM',
].join('\n');

describe('parseNdbcRealtime', () => {
  it('reads the columns by name, MM as missing, skipping lines without a reading', () => {
    const r = parseNdbcRealtime(FILE, STATION, W);
    expect(r.problems).toEqual([]);
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).toEqual({
      row: 1,
      station: STATION,
      timeMs: Date.parse('2026-03-24T10:50:00Z'),
      values: {
        wind_dir: 40,
        wind_speed: 13,
        wind_gust: 17,
        wave_height: 2.9,
        dominant_period: 7,
        average_period: 5.8,
        mean_direction: 0,
        pressure: 1018.2,
        air_temp: 18.9,
        water_temp: 23.4,
      },
    });
    expect(r.rows[1]?.values).toMatchObject({ wave_height: null, wind_speed: 13, pressure: 1018.1 });
  });

  it.each<[string, string, { row: number; field: string }, RegExp]>([
    ['a file without the header', '2026 03 24 10 50 40', { row: 0, field: '(header)' }, /#YY/],
    ['a short line', `${HEADER.join('\n')}\n2026 03 24 10 50 40`, { row: 1, field: '(row)' }, /fields/],
    [
      'a wave of 40 m',
      `${HEADER.join('\n')}\n2026 03 24 10 50  40 13.0 17.0  40.0     7   5.8   0 1018.2  18.9  23.4  16.7   MM   MM    MM`,
      { row: 1, field: 'WVHT' },
      /between 0 and 30 m/,
    ],
    [
      'text in a column',
      `${HEADER.join('\n')}\n2026 03 24 10 50  40 13.0 17.0   2.9   x   5.8   0 1018.2  18.9  23.4  16.7   MM   MM    MM`,
      { row: 1, field: 'DPD' },
      /number or MM/,
    ],
    [
      'the 31st of February',
      `${HEADER.join('\n')}\n2026 02 31 10 50  40 13.0 17.0   2.9     7   5.8   0 1018.2  18.9  23.4  16.7   MM   MM    MM`,
      { row: 1, field: 'YY MM DD hh mm' },
      /valid time|retention/,
    ],
    [
      'a future reading',
      `${HEADER.join('\n')}\n2026 03 25 10 50  40 13.0 17.0   2.9     7   5.8   0 1018.2  18.9  23.4  16.7   MM   MM    MM`,
      { row: 1, field: 'YY MM DD hh mm' },
      /future/,
    ],
    [
      'a 2-digit year',
      `${HEADER.join('\n')}\n26 03 24 10 50  40 13.0 17.0   2.9     7   5.8   0 1018.2  18.9  23.4  16.7   MM   MM    MM`,
      { row: 1, field: 'YY MM DD hh mm' },
      /4-digit/,
    ],
  ])('refuses %s', (_, text, where, message) => {
    const r = parseNdbcRealtime(text, STATION, W);
    expect(r.rows).toEqual([]);
    expect(r.problems[0]).toMatchObject(where);
    expect(r.problems[0]?.message).toMatch(message);
  });
});

describe('parseWavesJson', () => {
  const ok = { station: 'B1', time: '2026-03-24T11:00:00Z', wave_height: 1.2, mean_direction: 90 };
  it('reads rows with their station', () => {
    const r = parseWavesJson([{ ...ok, lat: 22, lon: 114, name: 'Buoy 1' }], W);
    expect(r.problems).toEqual([]);
    expect(r.rows[0]).toMatchObject({
      row: 1,
      station: { id: 'B1', lat: 22, lon: 114, name: 'Buoy 1' },
      values: { wave_height: 1.2, mean_direction: 90, water_temp: null },
    });
  });

  it.each<[string, unknown, string]>([
    ['a negative height', { ...ok, wave_height: -1 }, 'wave_height'],
    ['a text period', { ...ok, dominant_period: '8' }, 'dominant_period'],
    ['an unknown field', { ...ok, hs: 1 }, 'hs'],
    ['no reading', { station: 'B1', time: ok.time }, '(row)'],
    ['no time', { ...ok, time: undefined }, 'time'],
  ])('refuses %s', (_, record, field) => {
    const r = parseWavesJson([ok, record], W);
    expect(r.rows).toHaveLength(1);
    expect(r.problems).toEqual([expect.objectContaining({ row: 2, field })]);
  });
});
