import { simTraffic } from '@thunderwatch/domain/aviation/flight-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { SIM_FLIGHT_BACKFILL_MS, SIM_FLIGHT_EVERY_MS, startFlightSimulator } from './simulator-flights.js';

const NOW = Date.parse('2026-11-24T10:00:02Z');
const MARKS = SIM_FLIGHT_BACKFILL_MS / SIM_FLIGHT_EVERY_MS;

describe('the flight simulator', () => {
  let t: TestApp;
  const count = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM aircraft_positions')).rows[0]?.n ?? 0;
  const expected = () => {
    let n = 0;
    const first = Math.floor((NOW - SIM_FLIGHT_BACKFILL_MS) / SIM_FLIGHT_EVERY_MS) * SIM_FLIGHT_EVERY_MS;
    for (let m = 1; m <= MARKS; m++) n += simTraffic(first + m * SIM_FLIGHT_EVERY_MS).length;
    return n;
  };
  const runOnce = async () => {
    const stop = startFlightSimulator({ flights: t.app.services.flights, log: t.app.log }, {}, () => NOW);
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await count()) < expected()) await new Promise((r) => setTimeout(r, 100));
    stop();
  };

  beforeAll(async () => {
    t = await startTestApp('embedded', { now: () => new Date(NOW), env: { SIMULATOR: 'off' } });
    await runOnce();
  }, 60_000);
  afterAll(() => t.close());

  it('backfills half an hour of Baiyun traffic every 5 s, and a restart adds nothing new', async () => {
    expect(await count()).toBe(expected());
    await runOnce();
    expect(await count()).toBe(expected());
  });

  it('shows its aircraft on the API, and one near a stroke as near', async () => {
    const get = async () =>
      (
        await t.call({ method: 'GET', url: '/api/flight/flights?bbox=112,22,115,25', token: t.admin.access })
      ).json().items as { icao24: string; hazard: string; callsign: string }[];
    const items = await get();
    const now = simTraffic(NOW - 2000);
    expect(items.map((i) => i.icao24).sort()).toEqual(now.map((p) => p.icao24).sort());
    expect(items.every((i) => i.hazard === 'none')).toBe(true);
    const target = now[0] as (typeof now)[number];
    const key = await t.createFeed('wx');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [
        {
          time: new Date(NOW - 60_000).toISOString(),
          lat: target.lat + 0.03,
          lon: target.lon,
          peak_ka: -15,
          type: 'CG',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get()).find((i) => i.icao24 === target.icao24)).toMatchObject({ hazard: 'near' });
  });
});
