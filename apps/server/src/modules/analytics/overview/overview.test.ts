import type { Indicator } from '@thunderwatch/shared/schemas/overview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { dayRanges } from './overview-service.js';

// 12:00 in Asia/Shanghai: the local day began at 2026-07-14T16:00Z.
const NOW = new Date('2026-07-15T04:00:00Z');
const cg = (time: string) => ({ time, lat: 23.1, lon: 113.3, peak_ka: -20, type: 'CG' });
const ic = (time: string) => ({ time, lat: 23.1, lon: 113.3, peak_ka: 5, type: 'IC' });
const times = (n: number, start: string) =>
  Array.from({ length: n }, (_, i) => new Date(new Date(start).getTime() + i * 1000).toISOString());
const STROKES = [
  // Today so far: 3 CG, 2 IC.
  ...times(3, '2026-07-14T16:30:00Z').map(cg),
  ...times(2, '2026-07-15T03:00:00Z').map(ic),
  // Yesterday: 2 before 12:00 local, 1 after.
  ...times(2, '2026-07-13T20:00:00Z').map(cg),
  cg('2026-07-14T10:00:00Z'),
  // Three days ago (local 2026-07-12).
  ...times(4, '2026-07-12T02:00:00Z').map(cg),
  // This date a year ago: 10; two years ago: 20; three years ago a quiet date in a month with data (0);
  // four years ago data only two months away (not a year with data).
  ...times(10, '2025-07-15T02:00:00Z').map(cg),
  ...times(20, '2024-07-15T02:00:00Z').map(ic),
  cg('2023-07-20T02:00:00Z'),
  cg('2022-09-15T02:00:00Z'),
];

describe.each(DB_KINDS)('overview and indicators (%s)', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  let outsider: TestUser;
  let groupId: number;
  const clock = { now: NOW };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      now: () => clock.now,
      env: { RETENTION_DAYS: '0', STATS_ROLLUPS: 'true' },
    });
    const key = await t.createFeed('net');
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: STROKES,
    });
    expect(res.json()).toMatchObject({ accepted: STROKES.length, rejected: [] });
    groupId = await t.createGroup(`ov-${kind}`);
    const boss = await t.createUser({ role: 'group_admin', groupId });
    viewer = await t.createUser({ role: 'viewer', groupId });
    outsider = await t.createUser({ role: 'viewer', groupId: await t.createGroup(`ov2-${kind}`) });
    for (const id of ['OV-1', 'OV-2']) {
      const made = await t.call({
        method: 'POST',
        url: '/api/devices/',
        token: boss.access,
        payload: {
          id,
          name: id,
          kind: 'station',
          lat: 23,
          lon: 113,
          installed_at: null,
          firmware: '1',
          serial: id,
        },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const beat = await t.call({
      method: 'POST',
      url: '/api/ingest/heartbeat',
      headers: { 'x-feed-key': key },
      payload: { device: 'OV-1', gps_lock: true, temperature_c: 25, voltage_v: 12.5, noise: 10, strokes: 0 },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    const site = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: boss.access,
      payload: { name: 'Depot', shape: { type: 'Point', coordinates: [100, 40] } },
    });
    expect(site.statusCode, site.body).toBe(201);
    // Deliveries as the workers leave them: three sent and one failed in the last 24 h, one sent before.
    const finished = [
      ['sent', 100, 1],
      ['sent', 200, 2],
      ['sent', 1000, 3],
      ['failed', null, 4],
      ['sent', 50, 30],
    ] as const;
    for (const [i, [status, latency, hoursAgo]] of finished.entries()) {
      const at = new Date(NOW.getTime() - hoursAgo * 3_600_000);
      await t.db.query(
        `INSERT INTO deliveries (idempotency_key, group_id, event, channel, recipient_kind, recipient_value, address,
           payload, status, next_attempt_at, created_at, finished_at, latency_ms)
         VALUES ($1, $2, 'test', 'inapp', 'user', '1', '1', '{}', $3, $4, $4, $4, $5)`,
        [`ov-${i}`, groupId, status, at, latency],
      );
    }
  });
  afterAll(() => t.close());

  const get = (url: string, token = viewer.access) => t.call({ method: 'GET', url, token });
  const byId = (items: Indicator[]) => (id: string) => {
    const found = items.find((i) => i.id === id);
    if (!found) throw new Error(`no indicator ${id}`);
    return found;
  };

  it('counts strokes per local day, against yesterday so far and the years with data', async () => {
    const res = await get('/api/overview');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.time_zone).toBe('Asia/Shanghai');
    expect(o.trend_7d).toEqual([
      { date: '2026-07-09', strokes: 0, cg: 0 },
      { date: '2026-07-10', strokes: 0, cg: 0 },
      { date: '2026-07-11', strokes: 0, cg: 0 },
      { date: '2026-07-12', strokes: 4, cg: 4 },
      { date: '2026-07-13', strokes: 0, cg: 0 },
      { date: '2026-07-14', strokes: 3, cg: 3 },
      { date: '2026-07-15', strokes: 5, cg: 3 },
    ]);
    const k = byId(o.indicators);
    expect(k('strokes_today')).toMatchObject({ value: 5, previous: 2, unit: 'strokes', trend: 'flat' });
    expect(k('cg_today')).toMatchObject({ value: 3, previous: 2 });
    // (10 + 20 + 0) / 3: four years ago had no data within 15 days of the date.
    expect(k('strokes_climatology')).toMatchObject({ value: 10, previous: null, trend: null });
    expect(o.climatology_years).toBe(3);
    // Today's five strokes near Guangzhou, from the rollups' hours (yesterday's 10:00Z stroke is not today's).
    expect(o.top_regions).toEqual([{ code: '440000', name_zh: '广东', name_en: 'Guangdong', strokes: 5 }]);
    expect(k('strokes_today').definition.en).toContain('local midnight');
    expect(k('strokes_today').name['zh-Hans']).toBe('今日闪电');
  });

  it('counts the busiest provinces over the same hourly rows in another zone, as its today does', async () => {
    // In UTC today began at 00:00Z: the two IC strokes of 03:00Z, not the three CG of 16:30Z the day before.
    const o = (await get('/api/overview?time_zone=UTC')).json();
    expect(o.time_zone).toBe('UTC');
    expect(o.trend_7d.at(-1)).toEqual({ date: '2026-07-15', strokes: 2, cg: 0 });
    expect(o.top_regions).toEqual([{ code: '440000', name_zh: '广东', name_en: 'Guangdong', strokes: 2 }]);
  });

  it('gives the group’s devices, deliveries and warnings', async () => {
    const o = (await get('/api/overview')).json();
    expect(o.devices).toEqual({ online: 1, degraded: 0, offline: 1 });
    expect(o.deliveries_24h).toEqual({ sent: 3, failed: 1, pending: 0 });
    expect(o.warnings_by_level).toEqual({ yellow: 0, orange: 0, red: 0, monitored: 1 });
    const k = byId(o.indicators);
    expect(k('devices_online')).toMatchObject({ value: 50, unit: '%' });
    expect(k('delivery_success_rate')).toMatchObject({
      value: 75,
      previous: 100,
      trend: 'down',
      better: 'higher',
    });
    // percentile_cont over 100, 200, 1000: 200 + 0.9 × 800.
    expect(k('delivery_latency_p95')).toMatchObject({
      value: 920,
      previous: 50,
      trend: 'up',
      better: 'lower',
    });
    expect(k('active_warnings')).toMatchObject({ value: 0 });
    expect(k('unconfirmed_alarms')).toMatchObject({ value: 0 });
  });

  it('keeps another group’s records out', async () => {
    const o = (await get('/api/overview', outsider.access)).json();
    expect(o.devices).toEqual({ online: 0, degraded: 0, offline: 0 });
    expect(o.deliveries_24h).toEqual({ sent: 0, failed: 0, pending: 0 });
    expect(byId(o.indicators)('devices_online').value).toBeNull();
    expect(byId(o.indicators)('delivery_success_rate').value).toBeNull();
    expect((await get(`/api/overview?group_id=${groupId}`, outsider.access)).statusCode).toBe(404);
    const admin = (await get(`/api/indicator?group_id=${groupId}&ids=devices_online`, t.admin.access)).json();
    expect(admin.items).toHaveLength(1);
    expect(admin.items[0]).toMatchObject({ id: 'devices_online', value: 50 });
  });

  it('picks indicators by id and days by time zone', async () => {
    const res = await get('/api/indicator?ids=cg_today,strokes_today&time_zone=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.time_zone).toBe('UTC');
    // The UTC day began at 00:00Z: the two IC at 03:00Z only.
    expect(list.items.map((i: { id: string; value: number }) => [i.id, i.value])).toEqual([
      ['cg_today', 0],
      ['strokes_today', 2],
    ]);
  });

  it.each([
    ['time_zone=Mars/Olympus', 'time_zone'],
    ['ids=strokes_today,bogus', 'ids'],
    ['group_id=0', 'group_id'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await get(`/api/indicator?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('answers polls from one computation for 10 s', async () => {
    const key = await t.createFeed('net-late');
    const first = byId((await get('/api/indicator?ids=strokes_today')).json().items)('strokes_today').value;
    await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [cg('2026-07-15T03:30:00Z')],
    });
    expect(byId((await get('/api/indicator?ids=strokes_today')).json().items)('strokes_today').value).toBe(
      first,
    );
    clock.now = new Date(NOW.getTime() + 11_000);
    expect(byId((await get('/api/indicator?ids=strokes_today')).json().items)('strokes_today').value).toBe(
      (first ?? 0) + 1,
    );
    clock.now = NOW;
  });
});

describe('dayRanges', () => {
  it('maps 29 February to the 28th in common years and keeps local midnights', () => {
    const r = dayRanges(new Date('2028-02-29T04:00:00Z'), 'Asia/Shanghai');
    expect(r.climatology.map((d) => d.from.toISOString())).toEqual([
      '2027-02-27T16:00:00.000Z',
      '2026-02-27T16:00:00.000Z',
      '2025-02-27T16:00:00.000Z',
      '2024-02-28T16:00:00.000Z',
      '2023-02-27T16:00:00.000Z',
    ]);
    expect(r.week[6]).toEqual({
      from: new Date('2028-02-28T16:00:00Z'),
      to: new Date('2028-02-29T04:00:00Z'),
    });
    expect(r.yesterdaySoFar).toEqual({
      from: new Date('2028-02-27T16:00:00Z'),
      to: new Date('2028-02-28T04:00:00Z'),
    });
  });
});
