import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

/**
 * Values a column cannot hold (a `real` that underflows, an id that is no id, a NUL in text,
 * a day before year 1) and values of the wrong JSON type, at every ingest that took them. Each used to answer
 * 500 (the database refused the value) or lose the whole batch; each must be a 4xx naming the field, and a
 * per-item batch (OpenSky vectors, MQTT sensor messages) must keep the valid rest.
 */

const NOW = new Date('2026-07-01T12:00:00Z');
const S = NOW.getTime() / 1000;
const at = (min: number) => new Date(NOW.getTime() + min * 60_000).toISOString();
const NUL = '\u0000';

/** A 17-element OpenSky vector one minute ago, with `patch` applied by index. */
function vector(icao24: string, patch: Record<number, unknown> = {}): unknown[] {
  const v: unknown[] = [icao24, 'CSN3101', 'China', S - 60, S - 60, 113.3, 23.4, 3000, false, 120, 185, -5];
  v.push(null, 3050, '4521', false, 0);
  for (const [i, x] of Object.entries(patch)) v[Number(i)] = x;
  return v;
}

const GOOD_STATION = { station: 'OK1', name: 'Good', lat: 23, lon: 113, time: at(-30), temperature: 20 };
const NDBC = (wvht: string) =>
  [
    '#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES  ATMP  WTMP',
    '#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa  degC  degC',
    `2026 07 01 11 30 100  5.0  6.0 ${wvht}  8.0   6.0 120 1010.0  28.0  29.0`,
  ].join('\n');
const CMA = (name: string) =>
  [
    `66666 1713    1 0014 1713 0 6 ${name}                               20180501`,
    '2017081918 1 187 1296 1004      13',
  ].join('\n');

interface Case {
  name: string;
  request: (c: Ctx) => InjectOptions;
  /** The error's detail fields (400s), in order. */
  fields: string[];
  code?: string;
}
interface Ctx {
  key: string;
  t: TestApp;
  manager: TestUser;
}

const json = (url: string, payload: unknown) => (c: Ctx) => ({
  method: 'POST' as const,
  url,
  headers: { 'x-feed-key': c.key, 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});
const text =
  (url: string, payload: string, type = 'text/plain') =>
  (c: Ctx) => ({
    method: 'POST' as const,
    url,
    headers: { 'x-feed-key': c.key, 'content-type': type },
    payload,
  });
const beat = { gps_lock: true, temperature_c: 30, voltage_v: 12, noise: 1, strokes: 0 };

/**
 * One row per finding: the bad value posted, the 400 naming the field expected. Each batch holds no valid
 * row (a batch with valid rows stores them and names the bad one: mixed-batches.test.ts).
 */
const CASES: Case[] = [
  {
    name: 'observation temperature 1e-300 (real underflow)',
    request: json('/api/ingest/observations', [{ station: 'OK1', time: at(-20), temperature: 1e-300 }]),
    fields: ['rows/1/temperature'],
  },
  {
    name: 'observation temperature -1e-300 in CSV',
    request: text(
      '/api/ingest/observations',
      `station,time,temperature\nOK1,${at(-20)},-1e-300\n`,
      'text/csv',
    ),
    fields: ['rows/1/temperature'],
  },
  {
    name: 'station elevation 1e-300',
    request: json('/api/ingest/observations', [{ ...GOOD_STATION, station: 'EL1', elevation: 1e-300 }]),
    fields: ['rows/1/elevation'],
  },
  {
    name: 'station id 1e308',
    request: json('/api/ingest/observations', [{ ...GOOD_STATION, station: 1e308 }]),
    fields: ['rows/1/station'],
  },
  {
    name: 'station name with a NUL in CSV',
    request: text(
      '/api/ingest/observations',
      `station,name,lat,lon,time,temperature\nNU1,a${NUL}b,23,113,${at(-20)},20\n`,
      'text/csv',
    ),
    fields: ['rows/1/name'],
  },
  {
    name: 'observation temperature "1" (a string)',
    request: json('/api/ingest/observations', [{ ...GOOD_STATION, temperature: '1' }]),
    fields: ['rows/1/temperature'],
  },
  {
    name: 'observation humidity "" (an empty string)',
    request: json('/api/ingest/observations', [{ ...GOOD_STATION, humidity: '' }]),
    fields: ['rows/1/humidity'],
  },
  {
    name: 'wave height 1e-300 in JSON',
    request: json('/api/ingest/waves', [{ station: 'OK1', time: at(-10), wave_height: 1e-300 }]),
    fields: ['rows/1/wave_height'],
  },
  {
    name: 'wave height 1e-300 in NDBC text',
    request: text('/api/ingest/waves?station=OK1', NDBC('1e-300')),
    fields: ['rows/1/WVHT'],
  },
  {
    name: 'wave station elevation 1e-300 in the query',
    request: text('/api/ingest/waves?station=NEW1&lat=23&lon=113&elevation=1e-300', NDBC('1.5')),
    fields: ['elevation'],
  },
  {
    name: 'field mill reading 1e-300',
    request: json('/api/ingest/sensors', [{ sensor: 'efm-x', time: at(-1), values: { field: 1e-300 } }]),
    fields: ['rows/1/values/field'],
  },
  {
    name: 'met sensor temperature 1e-300',
    request: json('/api/ingest/sensors', { sensor: 'met-x', time: at(-1), values: { temperature: 1e-300 } }),
    fields: ['rows/1/values/temperature'],
  },
  {
    name: 'a NUL in a CMA typhoon header',
    request: text('/api/ingest/typhoon', CMA(`HA${NUL}TO`)),
    fields: ['line 1'],
    code: 'typhoon.invalid_file',
  },
  {
    name: 'admin view: a day 0000-01-01 as a filter value',
    request: (c) => ({
      method: 'GET',
      url: '/api/admin/dynamo_db/table?table=stroke_rollup_region_utc_day&column=day&value=0000-01-01',
      headers: { authorization: `Bearer ${c.t.admin.access}` },
    }),
    fields: ['value'],
  },
  {
    name: 'admin view: a day 0000-01-01 as a range bound',
    request: (c) => ({
      method: 'GET',
      url: '/api/admin/dynamo_db/table?table=stroke_rollup_cell_utc_day&column=day&op=range&from=0000-01-01',
      headers: { authorization: `Bearer ${c.t.admin.access}` },
    }),
    fields: ['from'],
  },
  {
    name: 'heartbeat gps_lock 0',
    request: json('/api/ingest/heartbeat', { ...beat, device: 'DEV-X', gps_lock: 0 }),
    fields: ['gps_lock'],
  },
  {
    name: 'heartbeat gps_lock [1]',
    request: json('/api/ingest/heartbeat', { ...beat, device: 'DEV-X', gps_lock: [1] }),
    fields: ['gps_lock'],
  },
  {
    name: 'heartbeat temperature_c true',
    request: json('/api/ingest/heartbeat', { ...beat, device: 'DEV-X', temperature_c: true }),
    fields: ['temperature_c'],
  },
];

describe.each(DB_KINDS)('values a column cannot hold (%s)', (kind) => {
  let c: Ctx;
  beforeAll(async () => {
    const t = await startTestApp(kind, { now: () => NOW });
    const key = await t.createFeed('overflow');
    const manager = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`ovf-${kind}`) });
    c = { t, key, manager };
    for (const [id, k] of [
      ['efm-x', 'efm'],
      ['met-x', 'met'],
    ]) {
      const r = await t.call({
        method: 'POST',
        url: '/api/sensors/',
        token: manager.access,
        payload: { id, kind: k, name: id, lat: 23, lon: 113 },
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    const dev = await t.call({
      method: 'POST',
      url: '/api/devices/',
      token: manager.access,
      payload: { id: 'DEV-X', name: 'Station X', kind: 'station', lat: 23.1, lon: 113.2 },
    });
    expect(dev.statusCode, dev.body).toBe(201);
    const station = await t.app.inject(json('/api/ingest/observations', [GOOD_STATION])(c));
    expect(station.statusCode, station.body).toBe(200);
  });
  afterAll(() => c.t.close());

  it.each(CASES)('$name: 400 naming the field', async ({ request, fields, code }) => {
    const res = await c.t.app.inject(request(c));
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe(code ?? 'validation.failed');
    expect(error.details.map((d: { field: string }) => d.field)).toEqual(fields);
  });

  it('stores nothing of a batch with no valid row, and what was stored before stays', async () => {
    const rows = await c.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM observations WHERE station_id = 'OK1'`,
    );
    expect(rows.rows[0]?.n).toBe(1);
    const stations = await c.t.db.query<{ id: string }>('SELECT id FROM weather_stations ORDER BY id');
    expect(stations.rows.map((r) => r.id)).toEqual(['OK1']);
  });

  it('rejects a bad OpenSky vector by index and field and stores the valid rest', async () => {
    const res = await c.t.app.inject(
      json('/api/ingest/flights', {
        time: S,
        states: [
          vector('a00001'),
          vector('a00002', { 9: 1e-300 }),
          vector('a00003', { 7: -1e-300 }),
          vector('a00004', { 10: 1e-300 }),
          vector('a00005', { 11: 1e-300 }),
          vector('a00006', { 7: null, 13: 1e-300 }),
          vector('a00007'),
        ],
      })(c),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stored).toBe(2);
    expect(body.rejected.map((r: { item: number; field: string }) => [r.item, r.field])).toEqual([
      [2, 'velocity'],
      [3, 'baro_altitude'],
      [4, 'true_track'],
      [5, 'vertical_rate'],
      [6, 'geo_altitude'],
    ]);
    const stored = await c.t.db.query<{ icao24: string }>('SELECT icao24 FROM aircraft_positions ORDER BY 1');
    expect(stored.rows.map((r) => r.icao24)).toEqual(['a00001', 'a00007']);
  });

  it('drops a bad MQTT sensor message and stores the others of its batch', async () => {
    const r = await c.t.app.services.sensorIngest.ingestMessages('mqtt', [
      [{ sensor: 'efm-x', time: at(-3), values: { field: 2 } }],
      [{ sensor: 'efm-x', time: at(-2), values: { field: 1e-300 } }],
      [{ sensor: 'met-x', time: at(-2), values: { temperature: 25 } }],
    ]);
    expect(r.stored).toBe(2);
    expect(r.refused.map((x) => [x.message, x.problems.map((p) => p.field)])).toEqual([
      [1, ['values/field']],
    ]);
  });

  it('drops an MQTT heartbeat of the wrong types with the field named', async () => {
    for (const [body, field] of [
      [{ ...beat, gps_lock: 0 }, 'gps_lock'],
      [{ ...beat, temperature_c: true }, 'temperature_c'],
      [{ ...beat, noise: '1' }, 'noise'],
    ] as const) {
      const refused = c.t.app.services.devices.heartbeat(body, 'DEV-X');
      await expect(refused).rejects.toMatchObject({ statusCode: 400, details: [{ field }] });
    }
  });
});
