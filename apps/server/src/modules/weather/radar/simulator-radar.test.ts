import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorFeed } from '../../../pipeline/feeds/simulator-feed.js';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { SIM_RADAR_PRODUCT, simulatorRadarSink } from './simulator-radar.js';

const NOW = Date.UTC(2026, 6, 12, 7, 30); // 15:30 in south China: afternoon storms
const MIN = 60_000;

describe.each(DB_KINDS)('the simulator radar (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let stop: () => void;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sim-radar-'));
    t = await startTestApp(kind, { now: () => new Date(NOW), env: { RADAR_DIR: dir } });
    const radar = simulatorRadarSink(t.app.services.radarIngest, t.app.log);
    stop = startSimulatorFeed(
      t.app.services.ingest,
      t.app.log,
      { seed: 7, backfillMin: 60, tickMs: 60_000, radar },
      () => NOW,
    );
    // The backfill runs in the first tick: wait for its last frame.
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const n = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_frames');
      if ((n.rows[0]?.n ?? 0) >= 16) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);
  afterAll(async () => {
    stop();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });

  it('emits a reflectivity frame every 6 minutes over the backfill, labelled simulated', async () => {
    const times = (
      await get(
        `/api/radar_times?product=${SIM_RADAR_PRODUCT}&from=2026-07-12T05:00:00Z&to=2026-07-12T08:00:00Z`,
      )
    ).json();
    // The world starts on the hour before the backfill (06:00) and is generated up to 07:30.
    expect(times.items).toHaveLength(16);
    expect(times.items[0].time).toBe('2026-07-12T06:00:00.000Z');
    expect(times.items.at(-1).time).toBe('2026-07-12T07:30:00.000Z');
    for (let i = 1; i < times.items.length; i++) {
      expect(Date.parse(times.items[i].time) - Date.parse(times.items[i - 1].time)).toBe(6 * MIN);
    }
    const frame = (await get(`/api/radar?product=${SIM_RADAR_PRODUCT}`)).json();
    expect(frame).toMatchObject({ simulated: true, source: 'simulator', quantity: 'DBZH', units: 'dBZ' });
    expect(frame.bounds).toEqual({ west: 105, south: 18, east: 120, north: 27 });
  });

  it('puts strong echoes where the strokes are', async () => {
    const at = '2026-07-12T07:24:00.000Z';
    const strokes = await t.db.query<{ lat: number; lon: number }>(
      `SELECT lat, lon FROM strokes WHERE time BETWEEN $1::timestamptz - interval '1 minute' AND $1::timestamptz
       ORDER BY time LIMIT 40`,
      [at],
    );
    expect(strokes.rows.length).toBeGreaterThan(5);
    let strong = 0;
    for (const s of strokes.rows) {
      const v = (
        await get(`/api/radar?product=${SIM_RADAR_PRODUCT}&time=${at}&values=1&lat=${s.lat}&lon=${s.lon}`)
      ).json().value;
      if (v.state === 'value' && v.value >= 30) strong++;
    }
    expect(strong / strokes.rows.length).toBeGreaterThanOrEqual(0.8);
  });
});
