import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

const NOW = new Date('2026-07-01T12:00:00Z');
const at = (min: number) => new Date(NOW.getTime() + min * 60_000).toISOString();
/** Readings every 10 min over the last hour, from `start` m/s changing by `step` each. */
const hour = (station: string, start: number, step: number, gust: number | null = null) =>
  Array.from({ length: 7 }, (_, i) => ({
    station,
    time: at(-60 + i * 10),
    wind_speed: start + i * step,
    wind_dir: 120,
    ...(gust === null ? {} : { wind_gust: gust }),
  }));

describe.each(DB_KINDS)('station winds (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    const key = await t.createFeed('met');
    const stations = [
      { station: 'ZH', name: 'Zhuhai', lat: 22.27, lon: 113.58 },
      { station: 'SZ', name: 'Shenzhen', lat: 22.54, lon: 114.0 },
      { station: 'GZ', name: 'Guangzhou', lat: 23.17, lon: 113.33 },
      { station: 'OLD', name: 'Quiet', lat: 22.8, lon: 113.8 },
      { station: 'BJ', name: 'Beijing', lat: 39.9, lon: 116.4 },
    ].map((s) => ({ ...s, time: at(-300), temperature: 28 }));
    const rows = [
      ...stations,
      ...hour('ZH', 18, 1.5, 33.0), // 27 m/s now: force 10, gust 33 force 12; rising 9 m/s/h
      ...hour('SZ', 15, -0.5), // 12 m/s now: force 6, falling
      ...hour('GZ', 6, 0), // 6 m/s: force 4, steady
      { station: 'OLD', time: at(-200), wind_speed: 30 },
      ...hour('BJ', 20, 0),
    ];
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/observations',
      headers: { 'x-feed-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(rows),
    });
    expect(r.statusCode, r.body).toBe(200);
  });
  afterAll(() => t.close());

  const get = (query: string) =>
    t.call({ method: 'GET', url: `/api/weather/met_ele/wind${query}`, token: t.admin.access });

  it('gives each station’s latest wind with its force, gust force and 1-h trend, strongest first', async () => {
    const r = await get('?bbox=110,20,118,25');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.time).toBe(NOW.toISOString());
    // Force 10 and a force-12 gust: orange (red needs force 12 or a force-13 gust).
    expect(body.gale_level).toBe('orange');
    expect(body.stations.map((s: { station: { id: string } }) => s.station.id)).toEqual(['ZH', 'SZ', 'GZ']);
    expect(body.stations[0]).toMatchObject({
      station: { id: 'ZH', name: 'Zhuhai' },
      time: at(0),
      wind_speed: 27,
      wind_dir: 120,
      wind_gust: 33,
      force: 10,
      gust_force: 12,
      trend: 'rising',
      change_ms_per_h: 9,
    });
    expect(body.stations[1]).toMatchObject({
      force: 6,
      gust_force: null,
      trend: 'falling',
      change_ms_per_h: -3,
    });
    expect(body.stations[2]).toMatchObject({ force: 4, trend: 'steady', change_ms_per_h: 0 });
  });

  it('keeps the stations at min_force, and older ones within max_age_min', async () => {
    const strong = (await get('?bbox=110,20,118,25&min_force=8')).json();
    expect(strong.stations.map((s: { station: { id: string } }) => s.station.id)).toEqual(['ZH']);
    const old = (await get('?bbox=110,20,118,25&max_age_min=240')).json();
    const quiet = old.stations.find((s: { station: { id: string } }) => s.station.id === 'OLD');
    expect(quiet).toMatchObject({ force: 11, trend: null });
    const earlier = (await get(`?bbox=110,20,118,25&time=${encodeURIComponent(at(-30))}`)).json();
    expect(earlier.stations[0]).toMatchObject({ station: { id: 'ZH' }, wind_speed: 22.5, force: 9 });
    const none = (await get('?bbox=0,0,1,1')).json();
    expect(none).toEqual({ time: NOW.toISOString(), gale_level: null, stations: [] });
  });

  it('refuses bad queries naming the field', async () => {
    for (const [query, field] of [
      ['?bbox=1,2,3', 'bbox'],
      ['?min_force=18', 'min_force'],
      ['?max_age_min=0', 'max_age_min'],
      ['?time=yesterday', 'time'],
    ]) {
      const r = await get(query as string);
      expect(r.statusCode, query).toBe(400);
      expect(JSON.stringify(r.json().error.details), query).toContain(field);
    }
    expect((await t.call({ method: 'GET', url: '/api/weather/met_ele/wind' })).statusCode).toBe(401);
  });
});
