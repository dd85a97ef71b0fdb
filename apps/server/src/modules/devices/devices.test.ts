import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import type { NotificationPayload } from '../notify/delivery/channels/delivery-channel.js';

const STATION = {
  id: 'GZ-01',
  name: '白云北站',
  name_en: 'Baiyun north',
  kind: 'station',
  model: 'LS7002',
  serial: 'S-1001',
  lat: 23.45,
  lon: 113.3,
  installed_at: '2025-05-01T00:00:00Z',
  firmware: '4.2.1',
};
const HEALTHY = { gps_lock: true, temperature_c: 31, voltage_v: 12.8, noise: 15, strokes: 3 };

describe.each(DB_KINDS)('devices (%s)', (kind) => {
  let t: TestApp;
  let feed: string;
  let manager: TestUser;
  let operator: TestUser;
  let stranger: TestUser;
  const clock = { now: new Date('2026-07-01T08:00:00Z') };
  const later = (minutes: number) => {
    clock.now = new Date(clock.now.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['device-monitor'],
      now: () => clock.now,
      env: { DEVICE_OFFLINE_MIN: '5' },
    });
    feed = await t.createFeed('stations');
    const groupId = await t.createGroup(`dev-${kind}`);
    manager = await t.createUser({ role: 'group_admin', groupId });
    operator = await t.createUser({ role: 'operator', groupId });
    stranger = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`dev2-${kind}`) });
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Network duty',
        locations: 'all',
        min_level: 2,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
  });
  afterAll(() => t.close());

  const beat = (payload: Record<string, unknown>, key = feed) =>
    t.call({
      method: 'POST',
      url: '/api/ingest/heartbeat',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-feed-key': key } : {}) },
      payload,
    });
  const info = async (id = STATION.id, token = operator.access) => {
    const res = await t.call({ method: 'GET', url: `/api/device_info?id=${id}&days=2`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const deliveries = async () =>
    (
      await t.db.query<{ level: number; location_id: number | null; payload: NotificationPayload }>(
        `SELECT level, location_id, payload FROM deliveries WHERE event = 'device' ORDER BY id`,
      )
    ).rows;

  it('lets group admins register devices, and nobody else', async () => {
    const denied = await t.call({
      method: 'POST',
      url: '/api/devices/',
      token: operator.access,
      payload: STATION,
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.call({
      method: 'POST',
      url: '/api/devices/',
      token: manager.access,
      payload: STATION,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: 'GZ-01',
      name: '白云北站',
      name_en: 'Baiyun north',
      status: 'offline',
      last_heartbeat_at: null,
    });
    const again = await t.call({
      method: 'POST',
      url: '/api/devices/',
      token: manager.access,
      payload: STATION,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('device.exists');
  });

  it.each([
    ['a bad id', { ...STATION, id: 'a/b' }, 'id'],
    ['a latitude off the globe', { ...STATION, id: 'X1', lat: 91 }, 'lat'],
    ['an unknown kind', { ...STATION, id: 'X1', kind: 'radar' }, 'kind'],
    ['an over-long model', { ...STATION, id: 'X1', model: 'm'.repeat(101) }, 'model'],
    // What the column takes (migration 044): refused where parsed, never a 500 from its check.
    ['an over-long English name', { ...STATION, id: 'X1', name_en: 'n'.repeat(101) }, 'name_en'],
  ])('refuses %s with 400 naming it', async (_name, payload, field) => {
    const res = await t.call({ method: 'POST', url: '/api/devices/', token: manager.access, payload });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('keeps devices inside their group', async () => {
    const list = await t.call({ method: 'GET', url: '/api/devices/', token: stranger.access });
    expect(list.json().items).toEqual([]);
    const other = await t.call({ method: 'GET', url: '/api/device_info?id=GZ-01', token: stranger.access });
    expect(other.statusCode).toBe(404);
    const edit = await t.call({
      method: 'PATCH',
      url: '/api/devices/GZ-01',
      token: stranger.access,
      payload: { firmware: 'x' },
    });
    expect(edit.statusCode).toBe(404);
  });

  it.each([
    ['no key', { device: 'GZ-01', ...HEALTHY }, '', 401, ''],
    ['a voltage out of range', { device: 'GZ-01', ...HEALTHY, voltage_v: 99 }, null, 400, 'voltage_v'],
    ['no gps_lock', { device: 'GZ-01', ...HEALTHY, gps_lock: undefined }, null, 400, 'gps_lock'],
    ['an unknown field', { device: 'GZ-01', ...HEALTHY, rssi: 3 }, null, 400, ''],
    ['a future time', { device: 'GZ-01', ...HEALTHY, time: '2026-07-02T00:00:00Z' }, null, 400, 'time'],
    ['an unknown device', { device: 'NOPE', ...HEALTHY }, null, 404, ''],
  ])('refuses a heartbeat with %s', async (_name, payload, key, status, field) => {
    const res = await beat(payload, key === null ? feed : key);
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.body).toContain(field);
  });

  it('comes online with its first heartbeat (no alarm) and degrades without GPS lock', async () => {
    const first = await beat({ device: 'GZ-01', ...HEALTHY });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ device: 'GZ-01', status: 'online', reasons: [] });
    later(1);
    const noGps = await beat({ device: 'GZ-01', ...HEALTHY, gps_lock: false, noise: 80 });
    expect(noGps.json()).toEqual({ device: 'GZ-01', status: 'degraded', reasons: ['no_gps_lock', 'noise'] });
    const i = await info();
    expect(i.device.status).toBe('degraded');
    expect(i.last_heartbeat).toMatchObject({ gps_lock: false, noise: 80, strokes: 3 });
    expect(i.history.map((h: { status: string }) => h.status)).toEqual(['degraded', 'online', 'offline']);
    expect(await deliveries()).toEqual([]);
  });

  it('goes offline after DEVICE_OFFLINE_MIN without heartbeats and alarms the group', async () => {
    later(4);
    expect(await t.app.services.deviceMonitor.evaluate()).toBe(0);
    later(2);
    expect(await t.app.services.deviceMonitor.evaluate()).toBe(1);
    expect((await info()).device.status).toBe('offline');
    const sent = await deliveries();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ level: 2, location_id: null });
    const p = sent[0]?.payload as NotificationPayload;
    expect(MESSAGES.text(p, 'en', 'Asia/Shanghai')).toMatchObject({
      title: 'Device offline · Baiyun north',
      body: 'Detection station Baiyun north (GZ-01, LS7002) sent no heartbeat for 5 min (last heartbeat 2026-07-01 16:01). 2026-07-01 16:07.',
    });
    // Each reader the device's name in their language.
    expect(MESSAGES.text(p, 'zh-Hans', 'Asia/Shanghai').title).toBe('设备离线 · 白云北站');
    expect(MESSAGES.card(p, 'en', 'UTC').fields[0]?.value).toBe('Baiyun north (GZ-01)');
    expect(await t.app.services.deviceMonitor.evaluate()).toBe(0);
  });

  it('alarms again when it comes back, and counts its uptime', async () => {
    later(53);
    const back = await beat({ device: 'GZ-01', ...HEALTHY });
    expect(back.json().status).toBe('online');
    const sent = await deliveries();
    expect(sent).toHaveLength(2);
    expect(MESSAGES.text(sent[1]?.payload as NotificationPayload, 'en', 'UTC').title).toBe(
      'Device back online · Baiyun north',
    );
    later(60);
    const i = await info();
    // Registered and heard at 08:00, up (online, degraded) to 08:07, offline to 09:00, online to 10:00: the
    // day is observed from 08:00.
    expect(i.uptime).toHaveLength(2);
    expect(i.uptime[0]).toEqual({ date: '2026-06-30', uptime_pct: null });
    expect(i.uptime[1].date).toBe('2026-07-01');
    expect(i.uptime[1].uptime_pct).toBeCloseTo(((7 + 60) / 120) * 100, 0);
  });

  it('ignores a late heartbeat and lets admins edit and delete', async () => {
    const late = await beat({ device: 'GZ-01', ...HEALTHY, gps_lock: false, time: '2026-07-01T08:30:00Z' });
    expect(late.json().status).toBe('offline');
    expect((await info()).device.status).toBe('online');
    const edit = await t.call({
      method: 'PATCH',
      url: '/api/devices/GZ-01',
      token: manager.access,
      payload: { firmware: '4.3.0' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Fields left out are kept, the English name too.
    expect(edit.json()).toMatchObject({ firmware: '4.3.0', name: '白云北站', name_en: 'Baiyun north' });
    const patch = (payload: object) =>
      t.call({ method: 'PATCH', url: '/api/devices/GZ-01', token: manager.access, payload });
    expect((await patch({ name_en: '  Baiyun N. ' })).json().name_en).toBe('Baiyun N.');
    // A blank English name is none, as null is.
    expect((await patch({ name_en: ' ' })).json().name_en).toBeNull();
    expect((await patch({ name_en: 'Baiyun north' })).json().name_en).toBe('Baiyun north');
    expect((await patch({ name_en: null })).json().name_en).toBeNull();
    const long = await patch({ name_en: 'n'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('name_en');
    const del = await t.call({ method: 'DELETE', url: '/api/devices/GZ-01', token: manager.access });
    expect(del.statusCode).toBe(200);
    const gone = await t.call({ method: 'GET', url: '/api/device_info?id=GZ-01', token: operator.access });
    expect(gone.statusCode).toBe(404);
  });
});
