import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { StrokePartitions } from '../../lightning/strokes/partitions.js';

const NOW = new Date('2026-07-01T12:00:00Z');
const at = (min: number) => new Date(NOW.getTime() + min * 60_000).toISOString();

describe.each(DB_KINDS)('observations (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    key = await t.createFeed('met');
  });
  afterAll(() => t.close());

  const ingest = (payload: unknown, type = 'application/json', feedKey = key) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/observations',
      headers: { 'x-feed-key': feedKey, 'content-type': type },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });

  it('stores JSON rows with their stations, and CSV rows of known stations', async () => {
    const json = await ingest([
      {
        station: 'GZ',
        name: 'Guangzhou',
        lat: 23.17,
        lon: 113.33,
        elevation: 70.7,
        time: at(-30),
        temperature: 30.1,
        wind_dir: 350,
        pressure: 1003.2,
      },
      { station: 'GZ', time: at(-20), temperature: 30.5, wind_dir: 10 },
      {
        station: 'SZ',
        name: '深圳',
        name_en: 'Shenzhen',
        lat: 22.54,
        lon: 114.0,
        time: at(-10),
        temperature: 32,
        humidity: 70,
      },
      { station: 'FAR', lat: 40, lon: 116.4, time: at(-5), temperature: 20 },
    ]);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({ stored: 4, stations: 3, rejected: [], rejected_total: 0 });
    const csv = await ingest(
      `station,time,temperature,wind_dir\nGZ,${at(-10)},31,20\nGZ,${at(-10)},31.2,30\n`,
      'text/csv',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    // Two rows for one station and time: the later one is stored.
    expect(csv.json()).toEqual({ stored: 1, stations: 0, rejected: [], rejected_total: 0 });
  });

  it('stores the valid rows of a batch naming each bad one; a batch with no valid row stores nothing', async () => {
    const r = await ingest([
      { station: 'GZ', time: at(-300), temperature: 25 },
      { station: 'GZ', time: at(-2), humidity: 140 },
      { station: 'NEW', time: at(-2), temperature: 20 },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      stored: 1,
      stations: 0,
      rejected: [
        { row: 2, field: 'humidity', message: 'must be between 0 and 100 %, got 140' },
        {
          row: 3,
          field: 'station',
          message: 'NEW is not known: give its lat and lon (and name, elevation) with a reading',
        },
      ],
      rejected_total: 2,
    });
    const none = await ingest([
      { station: 'GZ', time: at(-2), humidity: 140 },
      { station: 'NEW', time: at(-2), temperature: 20 },
    ]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details).toEqual([
      { field: 'rows/1/humidity', message: 'must be between 0 and 100 %, got 140' },
      {
        field: 'rows/2/station',
        message: 'NEW is not known: give its lat and lon (and name, elevation) with a reading',
      },
    ]);
    const unknown = await ingest([{ station: 'NEW', time: at(-2), temperature: 20 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0]).toMatchObject({ field: 'rows/1/station' });
    const csv = await ingest('station,time,temperature\nGZ,yesterday,3', 'text/csv');
    expect(csv.json().error.details[0]).toMatchObject({ field: 'rows/1/time' });
    const now = await get('/api/weather_now?lat=23.17&lon=113.33&limit=1');
    expect(now.json().items[0].readings.temperature).toBe(31.2);
  });

  it('refuses a request without a feed key', async () => {
    expect((await ingest([], 'application/json', 'nope')).statusCode).toBe(401);
  });

  it('answers weather_now: nearest stations with their latest reading, distance and age', async () => {
    const r = await get('/api/weather_now?lat=23.17&lon=113.33');
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().items;
    expect(items.map((i: { station: { id: string } }) => i.station.id)).toEqual(['GZ', 'SZ']);
    expect(items[0]).toMatchObject({
      station: { id: 'GZ', name: 'Guangzhou', name_en: null, elevation: 70.7 },
      distance_km: 0,
      time: at(-10),
      age_min: 10,
      readings: { temperature: 31.2, wind_dir: 30, pressure: null },
    });
    // A station's name in both languages where it was given both.
    expect(items[1].station).toMatchObject({ name: '深圳', name_en: 'Shenzhen' });
    expect(items[1].distance_km).toBeGreaterThan(90);
    expect(items[1].distance_km).toBeLessThan(110);
    const stale = await get('/api/weather_now?lat=23.17&lon=113.33&max_age_min=5');
    expect(stale.json().items).toEqual([]);
    expect((await get('/api/weather_now?lat=99&lon=0')).statusCode).toBe(400);
  });

  it('answers met_ele series as min/max/mean per interval, directions as vectors', async () => {
    const r = await get(
      `/api/weather/met_ele?station=GZ&element=wind_dir&from=${at(-60)}&to=${at(0)}&interval=30`,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ element: 'wind_dir', unit: '°', interval_min: 30 });
    const [point] = r.json().series[0].points;
    expect(point).toMatchObject({ time: at(-30), min: 10, max: 350, count: 3 });
    expect(point.mean).toBeCloseTo(10, 0);
    const box = await get('/api/weather/met_ele?bbox=113,22,115,24&element=temperature');
    expect(box.json().series.map((s: { station: { id: string } }) => s.station.id)).toEqual(['GZ', 'SZ']);
    expect((await get('/api/weather/met_ele?station=NOPE&element=temperature')).statusCode).toBe(404);
    expect((await get('/api/weather/met_ele?element=temperature')).statusCode).toBe(400);
    expect((await get('/api/weather/met_ele?station=GZ&element=dew')).statusCode).toBe(400);
    const long = await get(`/api/weather/met_ele?station=GZ&element=temperature&from=2026-01-01T00:00:00Z`);
    expect(long.statusCode).toBe(400);
  });

  it('answers an inverse-distance grid from the latest readings', async () => {
    const r = await get('/api/weather/met_ele/grid?element=temperature&bbox=113,22,115,24&cols=4');
    expect(r.statusCode, r.body).toBe(200);
    const g = r.json();
    expect(g).toMatchObject({ cols: 4, rows: 4, stations: 2, unit: '°C' });
    const values = g.values.filter((v: number | null) => v !== null);
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(31.2);
      expect(v).toBeLessThanOrEqual(32);
    }
    expect((await get('/api/weather/met_ele/grid?element=temperature&bbox=170,0,-170,10')).statusCode).toBe(
      400,
    );
  });

  it('keeps readings in day partitions that retention drops', async () => {
    const { rows } = await t.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'observations'`,
    );
    expect(rows.map((r) => r.name)).toEqual(['observations_20260701']);
    expect(
      await new StrokePartitions('observations').dropBefore(t.db, Date.parse('2026-07-03T00:00:00Z')),
    ).toEqual(['observations_20260701']);
    expect((await get('/api/weather_now?lat=23.17&lon=113.33')).json().items).toEqual([]);
  });
});
