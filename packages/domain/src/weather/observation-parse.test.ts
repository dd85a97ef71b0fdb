import { describe, expect, it } from 'vitest';
import { parseObservationsCsv, parseObservationsJson } from './observation-parse.js';

const NOW = Date.parse('2026-07-01T12:00:00Z');
const W = { nowMs: NOW, retentionDays: 30 };
const ok = { station: '59287', time: '2026-07-01T11:00:00Z', temperature: 31.5 };

describe('parseObservationsJson', () => {
  it('reads a full row with its station', () => {
    const r = parseObservationsJson(
      [
        {
          ...ok,
          name: '广州',
          name_en: 'Guangzhou',
          lat: 23.17,
          lon: 113.33,
          elevation: 70.7,
          humidity: 80,
          pressure: 1003.2,
          wind_speed: 3.4,
          wind_dir: 135,
          wind_gust: 8.1,
          precipitation: 0.2,
          visibility: 12000,
        },
      ],
      W,
    );
    expect(r.problems).toEqual([]);
    expect(r.rows).toEqual([
      {
        row: 1,
        station: { id: '59287', name: '广州', nameEn: 'Guangzhou', lat: 23.17, lon: 113.33, elevation: 70.7 },
        timeMs: Date.parse('2026-07-01T11:00:00Z'),
        readings: {
          temperature: 31.5,
          humidity: 80,
          pressure: 1003.2,
          wind_speed: 3.4,
          wind_dir: 135,
          wind_gust: 8.1,
          precipitation: 0.2,
          visibility: 12000,
        },
      },
    ]);
  });

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['no station', { ...ok, station: undefined }, 'station', /station id/],
    ['a bad station id', { ...ok, station: 'a b' }, 'station', /station id/],
    ['a time without zone', { ...ok, time: '2026-07-01T11:00:00' }, 'time', /zone/],
    ['a future time', { ...ok, time: '2026-07-01T13:00:00Z' }, 'time', /future/],
    ['a time past retention', { ...ok, time: '2026-05-01T00:00:00Z' }, 'time', /retention/],
    ['a hot air', { ...ok, temperature: 61 }, 'temperature', /between -90 and 60/],
    ['humidity over 100', { ...ok, humidity: 100.5 }, 'humidity', /between 0 and 100/],
    ['a huge pressure', { ...ok, pressure: 1e40 }, 'pressure', /between 300 and 1100/],
    ['a direction of 400', { ...ok, wind_dir: 400 }, 'wind_dir', /between 0 and 360/],
    ['a negative gust', { ...ok, wind_gust: -1 }, 'wind_gust', /between 0 and 150/],
    ['text for a number', { ...ok, visibility: 'far' }, 'visibility', /number/],
    ['a boolean', { ...ok, precipitation: true }, 'precipitation', /number/],
    ['lat without lon', { ...ok, lat: 23 }, 'lon', /together/],
    ['latitude 91', { ...ok, lat: 91, lon: 0 }, 'lat', /between -90 and 90/],
    ['an elevation of 10 km', { ...ok, elevation: 10000 }, 'elevation', /between -500 and 9000/],
    ['no reading', { station: 'x', time: ok.time }, '(row)', /no reading/],
    ['an unknown field', { ...ok, temp: 3 }, 'temp', /not a known field/],
    ['an English name too long', { ...ok, name_en: 'x'.repeat(101) }, 'name_en', /at most 100/],
    ['an English name not text', { ...ok, name_en: 5 }, 'name_en', /must be text/],
  ])('refuses %s naming the row and field', (_, record, field, message) => {
    const r = parseObservationsJson([ok, record], W);
    expect(r.rows).toHaveLength(1);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ row: 2, field });
    expect(r.problems[0]?.message).toMatch(message);
  });

  it('refuses a body that is not an array, and a row that is not an object', () => {
    expect(parseObservationsJson({}, W).problems[0]).toMatchObject({ row: 0, field: '(body)' });
    expect(parseObservationsJson([3], W).problems[0]).toMatchObject({ row: 1, field: '(row)' });
  });
});

describe('parseObservationsCsv', () => {
  it('reads columns in any order, blanks as missing', () => {
    const r = parseObservationsCsv(
      '\uFEFFtime,station,wind_speed,wind_dir,temperature\r\n2026-07-01T11:00:00+08:00,G1,5.5,,\n\n',
      W,
    );
    expect(r.problems).toEqual([]);
    expect(r.rows[0]).toMatchObject({
      station: { id: 'G1', lat: null },
      timeMs: Date.parse('2026-07-01T03:00:00Z'),
      readings: { wind_speed: 5.5, wind_dir: null, temperature: null },
    });
  });

  it.each<[string, string, { row: number; field: string }]>([
    ['an unknown column', 'station,time,temp\nA,2026-07-01T11:00:00Z,3', { row: 0, field: 'temp' }],
    ['no time column', 'station,temperature\nA,3', { row: 0, field: 'time' }],
    ['a short row', 'station,time,temperature\nA,2026-07-01T11:00:00Z', { row: 1, field: '(row)' }],
    [
      'a bad value on line 2',
      'station,time,temperature\nA,2026-07-01T11:00:00Z,3\nA,2026-07-01T11:10:00Z,3x',
      { row: 2, field: 'temperature' },
    ],
  ])('refuses %s', (_, text, where) => {
    expect(parseObservationsCsv(text, W).problems[0]).toMatchObject(where);
  });
});
