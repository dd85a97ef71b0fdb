import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

const NOW = new Date('2026-07-01T12:00:00Z');
const at = (sec: number) => new Date(NOW.getTime() + sec * 1000).toISOString();

describe.each(DB_KINDS)('sensors (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  let adminA: TestUser;
  let viewerA: TestUser;
  let adminB: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    key = await t.createFeed('mills');
    const groupA = await t.createGroup('sensor-a');
    const groupB = await t.createGroup('sensor-b');
    adminA = await t.createUser({ role: 'group_admin', groupId: groupA });
    viewerA = await t.createUser({ role: 'viewer', groupId: groupA });
    adminB = await t.createUser({ role: 'group_admin', groupId: groupB });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: unknown) =>
    t.call({
      method,
      url,
      token: user.access,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ingest = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/sensors',
      headers: { 'x-feed-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('lets group admins register sensors; viewers and other groups cannot', async () => {
    const mill = { id: 'efm-1', kind: 'efm', name: 'Apron mill', lat: 23.39, lon: 113.3 };
    const made = await call('POST', '/api/sensors/', adminA, mill);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ ...mill, status: 'active', online: false, latest: null });
    expect((await call('POST', '/api/sensors/', adminA, mill)).statusCode).toBe(409);
    const met = { id: 'met-1', kind: 'met', name: 'Mast', lat: 23.4, lon: 113.31 };
    expect((await call('POST', '/api/sensors/', adminA, met)).statusCode).toBe(201);
    expect((await call('POST', '/api/sensors/', viewerA, { ...mill, id: 'efm-v' })).statusCode).toBe(403);
    expect((await call('PUT', '/api/sensors/efm-1', adminB, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('GET', '/api/sensors/efm-1', adminB)).statusCode).toBe(404);
    const renamed = await call('PUT', '/api/sensors/efm-1', adminA, { name: 'Apron field mill' });
    expect(renamed.json()).toMatchObject({ name: 'Apron field mill', lat: 23.39 });
    // A location of another group looks absent.
    expect((await call('PUT', '/api/sensors/efm-1', adminA, { location_id: 999999 })).statusCode).toBe(404);
    const list = await call('GET', '/api/sensor/list/', viewerA);
    expect(list.json().items.map((s: { id: string }) => s.id)).toEqual(['efm-1', 'met-1']);
    expect((await call('GET', '/api/sensor/list/', adminB)).json().items).toEqual([]);
  });

  it('refuses a batch of bad rows naming each: unknown sensor, units, ranges, the future, wrong kind', async () => {
    const res = await ingest([
      { sensor: 'efm-1', time: at(-1), values: { field: -80 } },
      { sensor: 'nope', time: at(-1), values: { field: 1 } },
      { sensor: 'efm-1', time: at(-2), values: { field: 80 } },
      { sensor: 'efm-1', time: at(-3), values: { field: 3 }, units: { field: 'mV/m' } },
      { sensor: 'efm-1', time: at(600), values: { field: 1 } },
      { sensor: 'efm-1', time: at(-4), values: { temperature: 20 } },
      { sensor: 'met-1', time: at(-4), values: { humidity: 120, wind_dir: 90 } },
      { sensor: 'met-1', time: '2026-07-01 12:00', values: { pressure: 1000 } },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual([
      'rows/1/values/field',
      'rows/2/sensor',
      'rows/3/values/field',
      'rows/4/units/field',
      'rows/5/time',
      'rows/6/values/temperature',
      'rows/7/values/humidity',
      'rows/8/time',
    ]);
    expect((await call('GET', '/api/sensor/sensor_data_latest?id=efm-1', viewerA)).json().time).toBeNull();
  });

  it('stores readings once, keeps the latest, converts V/m and serves them raw', async () => {
    const res = await ingest([
      { sensor: 'efm-1', time: at(-3), values: { field: 0.1 } },
      { sensor: 'efm-1', time: at(-2), values: { field: -1500 }, units: { field: 'V/m' } },
      { sensor: 'efm-1', time: at(-1), values: { field: 4.2 } },
      { sensor: 'met-1', time: at(-5), values: { temperature: 31.5, wind_dir: 350, pressure: 1002 } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: 4, sensors: 2, rejected: [], rejected_total: 0 });
    // Sent again: ignored, so the rollups count it once.
    const again = await ingest({ sensor: 'efm-1', time: at(-1), values: { field: 9 } });
    expect(again.json()).toEqual({ stored: 0, sensors: 1, rejected: [], rejected_total: 0 });
    const latest = await call('GET', '/api/sensor/sensor_data_latest?id=efm-1', viewerA);
    expect(latest.json()).toMatchObject({ id: 'efm-1', time: at(-1), values: { field: 4.2 } });
    const batch = await call('GET', '/api/sensor/sensor_data_latest_batch?ids=efm-1,met-1,nope', viewerA);
    expect(batch.json().items.map((i: { id: string }) => i.id)).toEqual(['efm-1', 'met-1']);
    expect(batch.json().items[1].values).toMatchObject({ temperature: 31.5, wind_dir: 350, field: null });
    expect(
      (await call('GET', '/api/sensor/sensor_data_latest_batch?ids=efm-1', adminB)).json().items,
    ).toEqual([]);
    const list = await call('GET', '/api/sensor/list/?kind=efm', viewerA);
    expect(list.json().items[0]).toMatchObject({
      id: 'efm-1',
      online: true,
      latest: { values: { field: 4.2 } },
    });
    const series = await call('GET', `/api/sensor/sensor_data?id=efm-1&from=${at(-60)}&to=${at(1)}`, viewerA);
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json()).toMatchObject({ resolution: 'raw', unit: 'kV/m', element: 'field' });
    expect(series.json().points.map((p: { mean: number }) => p.mean)).toEqual([0.1, -1.5, 4.2]);
    const wrong = await call('GET', '/api/sensor/sensor_data?id=efm-1&element=rain', viewerA);
    expect(wrong.statusCode).toBe(400);
  });

  it('charts a long span from the per-minute rollups', async () => {
    // 3 hours of 1 Hz readings: 10,800, above the raw limit.
    const start = NOW.getTime() - 4 * 3600_000;
    const rows = Array.from({ length: 10_800 }, (_, i) => ({
      sensor: 'efm-1',
      time: new Date(start + i * 1000).toISOString(),
      values: { field: (i % 60) / 10 },
    }));
    const res = await ingest(rows);
    expect(res.json().stored).toBe(10_800);
    const q = `id=efm-1&from=${new Date(start).toISOString()}&to=${new Date(start + 3 * 3600_000).toISOString()}`;
    const auto = (await call('GET', `/api/sensor/sensor_data?${q}`, viewerA)).json();
    expect(auto).toMatchObject({ resolution: 'rollup', interval: 60 });
    expect(auto.points).toHaveLength(180);
    expect(auto.points[0]).toMatchObject({ min: 0, max: 5.9, mean: 2.95, n: 60 });
    const hourly = (await call('GET', `/api/sensor/sensor_data?${q}&interval=3600`, viewerA)).json();
    expect(hourly.points.map((p: { n: number }) => p.n)).toEqual([3600, 3600, 3600]);
    const raw = await call('GET', `/api/sensor/sensor_data?${q}&interval=1`, viewerA);
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.code).toBe('sensor.series_too_long');
  });

  it('pages raw readings with filters and exports them as CSV', async () => {
    const page = await call(
      'GET',
      `/api/sensor/data_list/?ids=efm-1&from=${at(-30)}&to=${at(1)}&limit=2`,
      viewerA,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().items.map((i: { time: string }) => i.time)).toEqual([at(-1), at(-2)]);
    const met = await call('GET', `/api/sensor/data_list/?kind=met&from=${at(-30)}&to=${at(1)}`, viewerA);
    expect(met.json().items).toHaveLength(1);
    expect(
      (await call('GET', `/api/sensor/data_list/?from=${at(-30)}&to=${at(1)}`, adminB)).json().total,
    ).toBe(0);
    const csv = await call(
      'GET',
      `/api/sensor/data_list/?ids=efm-1&from=${at(-30)}&to=${at(1)}&format=csv`,
      viewerA,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('sensor,time,field,wind_speed,wind_dir,temperature,humidity,pressure,rain');
    expect(lines[2]).toBe(`efm-1,${at(-2)},-1.5,,,,,,`);
    const tooLong = await call(
      'GET',
      `/api/sensor/data_list/?from=2026-01-01T00:00:00Z&to=${at(0)}`,
      viewerA,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('deletes a sensor for its group admin', async () => {
    expect((await call('DELETE', '/api/sensors/met-1', viewerA)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/sensors/met-1', adminA)).statusCode).toBe(200);
    expect((await call('GET', '/api/sensors/met-1', adminA)).statusCode).toBe(404);
  });

  it('drops the readings and rollups with the other readings past retention', async () => {
    for (const p of t.app.services.readingPartitions)
      await p.dropBefore(t.db, NOW.getTime() + 2 * 86_400_000);
    const count = async (table: string) =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
    expect(await count('sensor_readings')).toBe(0);
    expect(await count('sensor_minutes')).toBe(0);
    // The sensors and their latest readings stay.
    expect((await call('GET', '/api/sensor/sensor_data_latest?id=efm-1', viewerA)).json().values.field).toBe(
      4.2,
    );
  });
});
