import { SIM_BUOYS, SIM_WEATHER_STATIONS, simGenesisMs } from '@thunderwatch/domain/weather/weather-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { startWeatherSimulator } from './simulator-weather.js';

const DAY = 86_400_000;
// Seven hours before the demo storm's landfall in western Guangdong.
const NOW = simGenesisMs(Date.UTC(2026, 7, 1)) + 3.1 * DAY;

describe.each(DB_KINDS)('the simulator weather (%s)', (kind) => {
  let t: TestApp;
  const counts = async () => {
    const q = await t.db.query<{ obs: number; waves: number; points: number }>(
      `SELECT (SELECT count(*)::int FROM observations) AS obs, (SELECT count(*)::int FROM wave_readings) AS waves,
              (SELECT count(*)::int FROM typhoon_track_points) AS points`,
    );
    return q.rows[0] as { obs: number; waves: number; points: number };
  };
  /** Runs a simulator until its first tick (the day's backfill) is stored. */
  const runOnce = async () => {
    const { typhoons, observations, waves } = t.app.services;
    const stop = startWeatherSimulator({ typhoons, observations, waves, log: t.app.log }, {}, () => NOW);
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const c = await counts();
      if (c.obs >= 144 * SIM_WEATHER_STATIONS.length && c.waves >= 48 * SIM_BUOYS.length && c.points > 0)
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    stop();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(NOW) });
    // A demo station and buoy as a server before names in both languages stored them.
    await t.db.query(
      `INSERT INTO weather_stations (id, name, lat, lon, source) VALUES
         ('SIM-GUANGZHOU', 'Guangzhou (demo)', 23.13, 113.26, 'simulator'),
         ('SIM-B5', 'Dongsha buoy (demo)', 20.7, 116.8, 'simulator')`,
    );
    await runOnce();
  }, 90_000);
  afterAll(() => t.close());

  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access }).then((r) => r.json());

  it('backfills a day of station readings every 10 minutes and buoy readings every 30', async () => {
    expect(await counts()).toMatchObject({
      obs: 144 * SIM_WEATHER_STATIONS.length,
      waves: 48 * SIM_BUOYS.length,
    });
  });

  it('names its stations and buoys in Chinese and English, correcting the ones stored before', async () => {
    const gz = await get('/api/weather_now?lat=23.13&lon=113.26&radius_km=5');
    expect(gz.items[0].station).toMatchObject({
      id: 'SIM-GUANGZHOU',
      name: '广州（演示）',
      name_en: 'Guangzhou (demo)',
    });
    const buoy = await get('/api/wave_data?station=SIM-B5&latest=1');
    expect(buoy.stations[0].station).toMatchObject({
      name: '东沙浮标（演示）',
      name_en: 'Dongsha buoy (demo)',
    });
    const winds = await get('/api/weather/met_ele/wind?bbox=110,19,118,24');
    expect(winds.stations.length).toBeGreaterThan(0);
    for (const s of winds.stations) {
      expect(s.station.name).toMatch(/（演示）$/);
      expect(s.station.name_en).toMatch(/ \(demo\)$/);
    }
  });

  it('puts an active typhoon with its track and forecast on the typhoon API', async () => {
    const list = await get('/api/weather/typhoon/?active=1');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ name_en: 'DEMO', name_zh: '演示', basin: 'WP' });
    const storm = await get(`/api/weather/typhoon/${list.items[0].id}`);
    expect(storm.track.length).toBe(13); // 0, 6, …, 72 h after genesis
    expect(storm.forecast.length).toBeGreaterThan(0);
  });

  it('gives gales near the coming landfall and a rough sea at the buoys nearby', async () => {
    const near = await get('/api/weather_now?lat=21.86&lon=111.98&radius_km=20');
    expect(near.items[0].station.id).toBe('SIM-YANGJIANG');
    expect(near.items[0].age_min).toBeLessThan(10);
    const far = await get('/api/weather_now?lat=23.35&lon=116.68&radius_km=20');
    expect(near.items[0].readings.pressure).toBeLessThan(far.items[0].readings.pressure);
    const waves = await get('/api/wave_data?bbox=110,19,118,23&latest=1');
    expect(waves.stations).toHaveLength(SIM_BUOYS.length);
    const heights = waves.stations.map(
      (s: { readings: { wave_height: number }[] }) => s.readings[0]?.wave_height,
    );
    expect(Math.max(...heights)).toBeGreaterThan(4);
  });

  it('regenerates the same readings after a restart, adding nothing', async () => {
    const before = await counts();
    await runOnce();
    expect(await counts()).toEqual(before);
  });
});
