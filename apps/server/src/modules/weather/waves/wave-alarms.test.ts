import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { NotificationPayload } from '../../notify/delivery/channels/delivery-channel.js';

// Buoy 41002 (South Hatteras) at 31.76 N, 74.84 W; a harbour 33 km north of it, a pier 200 km away. Heights
// made up around the default 4 m threshold.
const BUOY = { station: '41002', name: 'South Hatteras', lat: 31.76, lon: -74.84 };

describe.each(DB_KINDS)('wave alarms (%s)', (kind) => {
  let t: TestApp;
  let feed: string;
  let operator: TestUser;
  const clock = { now: new Date('2026-03-24T12:00:00Z') };
  const sites: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => clock.now });
    feed = await t.createFeed('ndbc');
    const groupId = await t.createGroup(`wave-${kind}`);
    const manager = await t.createUser({ role: 'group_admin', groupId });
    operator = await t.createUser({ role: 'operator', groupId });
    for (const [name, coordinates] of [
      ['Harbour', [-74.84, 32.06]],
      ['Pier', [-76.9, 32.5]],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: manager.access,
        payload: { name, shape: { type: 'Point', coordinates } },
      });
      expect(res.statusCode).toBe(201);
      sites[name] = res.json().id;
    }
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Sea duty',
        locations: 'all',
        min_level: 2,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  /** One reading of the buoy `minutesAgo` before the clock. */
  const ingest = async (waveHeight: number | null, minutesAgo = 10) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/waves',
      headers: { 'content-type': 'application/json', 'x-feed-key': feed },
      payload: [
        {
          ...BUOY,
          time: new Date(clock.now.getTime() - minutesAgo * 60_000).toISOString(),
          wave_height: waveHeight,
          wind_speed: 12,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const alarms = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `/api/wave_data/alarms${query}`, token: operator.access });
    expect(res.statusCode).toBe(200);
    return res.json().items as {
      station: { id: string; name: string };
      location_id: number;
      location_name: string;
      level: number;
      distance_km: number;
      threshold_m: number;
      height_m: number;
      max_height_m: number;
      cleared_at: string | null;
    }[];
  };
  const deliveries = async () =>
    (
      await t.db.query<{ event: string; location_id: number; level: number; payload: NotificationPayload }>(
        `SELECT event, location_id::float8 AS location_id, level, payload FROM deliveries
          WHERE event = 'wave' ORDER BY id`,
      )
    ).rows;
  const later = (minutes: number) => {
    clock.now = new Date(clock.now.getTime() + minutes * 60_000);
  };

  it('raises nothing below the threshold', async () => {
    await ingest(3.9);
    expect(await alarms()).toEqual([]);
  });

  it('raises one alarm for the location within the radius when the height reaches the threshold', async () => {
    later(60);
    await ingest(4.2);
    const items = await alarms();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      station: { id: '41002', name: 'South Hatteras' },
      location_id: sites.Harbour,
      level: 2,
      threshold_m: 4,
      height_m: 4.2,
      cleared_at: null,
    });
    expect(items[0]?.distance_km).toBeCloseTo(33.4, 0);
    const sent = await deliveries();
    expect(sent.map((d) => [d.location_id, d.level])).toEqual([[sites.Harbour, 2]]);
  });

  it('renders the message in Chinese and English', async () => {
    const [d] = await deliveries();
    if (!d) throw new Error('no delivery');
    const zh = MESSAGES.text(d.payload, 'zh-Hans', 'America/New_York');
    expect(zh.title).toBe('海浪橙色预警 · Harbour');
    expect(zh.body).toBe(
      '距Harbour 33 公里的South Hatteras（41002）有效波高 4.2 米，已达 4.0 米的阈值。观测时间 2026-03-24 08:50。',
    );
    const en = MESSAGES.text(d.payload, 'en', 'America/New_York');
    expect(en.title).toBe('Orange sea-wave warning · Harbour');
    expect(en.body).toBe(
      'Significant wave height 4.2 m at South Hatteras (41002), 33 km from Harbour, reached the 4.0 m threshold. Reading of 2026-03-24 08:50.',
    );
  });

  it('holds without repeating while the sea stays above 90 % of the threshold, then clears', async () => {
    later(60);
    await ingest(5.1);
    later(60);
    await ingest(3.7);
    const open = await alarms('?active=1');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ height_m: 3.7, max_height_m: 5.1 });
    expect(await deliveries()).toHaveLength(1);

    later(60);
    await ingest(3.5);
    expect(await alarms('?active=1')).toEqual([]);
    expect((await alarms('?active=0'))[0]?.cleared_at).toBe(clock.now.toISOString());
  });

  it('raises a new alarm when the sea rises again, level 3 from 1.5 times the threshold', async () => {
    later(60);
    await ingest(6.5);
    const open = await alarms('?active=1');
    expect(open.map((a) => [a.location_name, a.level])).toEqual([['Harbour', 3]]);
    expect(await deliveries()).toHaveLength(2);
  });

  it('a reading without a height keeps the alarm; no height for 6 h clears it', async () => {
    later(10);
    await ingest(null);
    expect(await alarms('?active=1')).toHaveLength(1);
    // Any later evaluation (here another buoy's ingest) looks at the stations of open alarms too.
    later(7 * 60);
    const other = await t.call({
      method: 'POST',
      url: '/api/ingest/waves',
      headers: { 'content-type': 'application/json', 'x-feed-key': feed },
      payload: [
        { station: 'FAR', name: 'Far', lat: 10, lon: 10, time: clock.now.toISOString(), wave_height: 9 },
      ],
    });
    expect(other.statusCode).toBe(200);
    expect(await alarms('?active=1')).toEqual([]);
  });

  it('measures a location against its own threshold where it has one', async () => {
    const manager = await t.createUser({ role: 'group_admin', groupId: operator.groupId });
    const create = (wave_alert_cm: number) =>
      t.call({
        method: 'POST',
        url: '/api/locations/',
        token: manager.access,
        payload: { name: 'Marina', shape: { type: 'Point', coordinates: [-74.84, 31.9] }, wave_alert_cm },
      });
    const tooLow = await create(5);
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().error.details[0].field).toMatch(/wave_alert_cm/);
    const marina = await create(250);
    expect(marina.statusCode).toBe(201);
    expect(marina.json().wave_alert_cm).toBe(250);

    later(10);
    await ingest(3);
    expect((await alarms('?active=1')).map((a) => [a.location_name, a.threshold_m])).toEqual([
      ['Marina', 2.5],
    ]);

    // The harbour lowers its own threshold: the next reading raises its alarm too; back to null, the portal's.
    const put = await t.call({
      method: 'PUT',
      url: `/api/locations/${sites.Harbour}`,
      token: manager.access,
      payload: { name: 'Harbour', wave_alert_cm: 300 },
    });
    expect(put.statusCode, put.body).toBe(200);
    later(10);
    await ingest(3.1);
    expect((await alarms('?active=1')).map((a) => [a.location_name, a.threshold_m]).sort()).toEqual([
      ['Harbour', 3],
      ['Marina', 2.5],
    ]);
    const reset = await t.call({
      method: 'PUT',
      url: `/api/locations/${sites.Harbour}`,
      token: manager.access,
      payload: { name: 'Harbour', wave_alert_cm: null },
    });
    expect(reset.json().wave_alert_cm).toBeNull();
    later(10);
    await ingest(3.1);
    expect((await alarms('?active=1')).map((a) => a.location_name)).toEqual(['Marina']);
  });

  it('refuses a bad filter with 400', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/wave_data/alarms?active=maybe',
      token: operator.access,
    });
    expect(res.statusCode).toBe(400);
  });
});
