import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { NotificationPayload } from '../../notify/delivery/channels/delivery-channel.js';
import { capSchemaErrors } from './cap-schema.js';
import { cmaAlert } from './fixtures/cma-alert.js';

// Fixtures: see fixtures/SOURCES.md.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

interface Outcome {
  identifier: string | null;
  outcome: string;
  id: number | null;
  reason: string | null;
}

describe.each(DB_KINDS)('weather warnings (%s)', (kind) => {
  let t: TestApp;
  let feed: string;
  let operator: TestUser;
  const clock = { now: new Date('2024-06-01T02:00:00Z') };
  const sites: Record<string, number> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => clock.now });
    feed = await t.createFeed('cma');
    const groupId = await t.createGroup(`cap-${kind}`);
    const manager = await t.createUser({ role: 'group_admin', groupId });
    operator = await t.createUser({ role: 'operator', groupId });
    for (const [name, shape] of [
      ['Futian', { type: 'Point', coordinates: [114.05, 22.54] }],
      ['Beijing', { type: 'Point', coordinates: [116.4, 39.9] }],
      [
        'Dongguan edge',
        {
          type: 'Polygon',
          coordinates: [
            [
              [113.7, 22.7],
              [113.9, 22.7],
              [113.9, 22.9],
              [113.7, 22.9],
              [113.7, 22.7],
            ],
          ],
        },
      ],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: manager.access,
        payload: { name, shape },
      });
      expect(res.statusCode).toBe(201);
      sites[name] = res.json().id;
    }
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Warning duty',
        locations: 'all',
        min_level: 1,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const ingest = (payload: string | Buffer, type = 'application/cap+xml') =>
    t.call({
      method: 'POST',
      url: '/api/ingest/cap',
      headers: { 'content-type': type, 'x-feed-key': feed },
      payload,
    });
  const get = (url: string) => t.call({ method: 'GET', url, token: operator.access });
  const alarms = async (query = '') => {
    const res = await get(`/api/weather/warning/alarms${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().items as {
      warningId: number;
      locationName: string;
      level: string;
      clearedAt: string | null;
    }[];
  };
  const deliveries = async () =>
    (
      await t.db.query<{ location_id: number; level: number; payload: NotificationPayload }>(
        `SELECT location_id::float8 AS location_id, level, payload FROM deliveries
          WHERE event = 'weather_warning' AND recipient_value = $1 ORDER BY id`,
        [String(operator.id)],
      )
    ).rows;

  it('accepts a CMA alert and raises an alarm for the locations its polygon covers', async () => {
    const res = await ingest(cmaAlert({ id: 'sz-2024-0001', sent: '2024-06-01T09:00:00+08:00' }));
    expect(res.statusCode).toBe(200);
    const [a] = res.json().alerts as Outcome[];
    expect(a).toMatchObject({ identifier: 'sz-2024-0001', outcome: 'accepted' });
    ids.first = a?.id as number;
    const detail = (await get(`/api/weather/warning/${ids.first}`)).json();
    expect(detail).toMatchObject({
      kind: 'rainstorm',
      level: 'yellow',
      msgType: 'Alert',
      language: 'zh-CN',
      description: '预计未来6小时深圳市将出现50毫米以上降雨 & 雷电。',
      geocodes: [],
      adminCodes: ['440300'],
      closedAt: null,
    });
    expect(detail.area.type).toBe('MultiPolygon');

    const open = await alarms('?active=1');
    expect(open.map((x) => x.locationName).sort()).toEqual(['Dongguan edge', 'Futian']);
    const sent = await deliveries();
    expect(sent).toHaveLength(2);
    const futian = sent.find((d) => d.location_id === sites.Futian);
    if (!futian) throw new Error('no delivery for Futian');
    expect(MESSAGES.text(futian.payload, 'zh-Hans', 'Asia/Shanghai').title).toBe('暴雨黄色预警 · Futian');
    expect(MESSAGES.text(futian.payload, 'en', 'Asia/Shanghai')).toMatchObject({
      title: 'Rainstorm yellow warning · Futian',
      body: expect.stringMatching(
        /^sz@cma\.gov\.cn: 深圳市气象台发布暴雨黄色预警信号\. Futian is inside the warning area, until 2024-06-01 18:00\./,
      ),
    });
  });

  it('lists warnings by activity, kind and bbox', async () => {
    const list = async (q: string) =>
      ((await get(`/api/weather/warning?${q}`)).json().warnings as { identifier: string }[]).map(
        (w) => w.identifier,
      );
    expect(await list('active=1&kind=rainstorm')).toEqual(['sz-2024-0001']);
    expect(await list('active=1&bbox=113,22,115,23')).toEqual(['sz-2024-0001']);
    expect(await list('active=1&bbox=0,0,1,1')).toEqual([]);
    expect((await get('/api/weather/warning?bbox=1,2,3')).statusCode).toBe(400);
    expect((await get('/api/weather/warning?bbox=10,2,3,4')).statusCode).toBe(400);
    expect((await get('/api/weather/warning/999999')).statusCode).toBe(404);
  });

  it('an Update supersedes the warning it references and moves the alarms to it', async () => {
    const res = await ingest(
      cmaAlert({
        id: 'sz-2024-0002',
        sent: '2024-06-01T10:00:00+08:00',
        msgType: 'Update',
        references: 'sz@cma.gov.cn,sz-2024-0001,2024-06-01T09:00:00+08:00',
        event: '暴雨橙色预警信号',
        severity: 'Severe',
      }),
    );
    expect(res.json().alerts[0]).toMatchObject({ outcome: 'updated', reason: null });
    ids.update = res.json().alerts[0].id;
    const old = (await get(`/api/weather/warning/${ids.first}`)).json();
    expect(old).toMatchObject({ closedReason: 'superseded', supersededBy: ids.update });
    const open = await alarms('?active=1');
    expect(open.every((a) => a.warningId === ids.update && a.level === 'orange')).toBe(true);
    expect(open).toHaveLength(2);
    expect((await deliveries()).map((d) => d.level)).toEqual([1, 1, 2, 2]);
  });

  it('exports a warning as CAP 1.2 valid against the schema, with its references', async () => {
    const res = await get(`/api/weather/warning/${ids.update}/cap`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/cap\+xml/);
    expect(await capSchemaErrors([res.body])).toEqual([[]]);
    expect(res.body).toContain(
      '<references>sz@cma.gov.cn,sz-2024-0001,2024-06-01T01:00:00+00:00</references>',
    );
    expect(res.body).toContain('<value>orange</value>');
    const dwd = await ingest(fixture('dwd-rain-exclude.xml'));
    // DWD's message is an Update of one not stored here.
    expect(dwd.json().alerts[0]).toMatchObject({
      outcome: 'updated',
      reason: expect.stringMatching(/no open warning/),
    });
    const exported = await get(`/api/weather/warning/${dwd.json().alerts[0].id}/cap`);
    expect(await capSchemaErrors([exported.body])).toEqual([[]]);
    expect(exported.body).toContain('<valueName>EXCLUDE_POLYGON</valueName>');
  });

  it('serves the group’s warnings as an Atom feed', async () => {
    const res = await get('/api/weather/warning/feed.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect(res.body).toContain(`/api/weather/warning/${ids.update}/cap`);
    expect(res.body).toContain('<category term="rainstorm"');
    expect((await t.call({ method: 'GET', url: '/api/weather/warning/feed.atom' })).statusCode).toBe(401);
  });

  it('a Cancel closes the warning and clears its alarms', async () => {
    const res = await ingest(
      cmaAlert({
        id: 'sz-2024-0003',
        sent: '2024-06-01T11:00:00+08:00',
        msgType: 'Cancel',
        references: 'sz@cma.gov.cn,sz-2024-0002,2024-06-01T10:00:00+08:00',
      }),
    );
    expect(res.json().alerts[0]).toMatchObject({ outcome: 'cancelled', reason: null });
    expect((await get(`/api/weather/warning/${ids.update}`)).json()).toMatchObject({
      closedReason: 'cancelled',
    });
    expect(await alarms('?active=1')).toEqual([]);
    expect((await alarms('?active=0')).every((a) => a.clearedAt !== null)).toBe(true);
    expect(await deliveries()).toHaveLength(4);
  });

  it('closes expired warnings and clears their alarms', async () => {
    await ingest(
      cmaAlert({
        id: 'sz-2024-0004',
        sent: '2024-06-01T11:30:00+08:00',
        expires: '2024-06-01T12:00:00+08:00',
      }),
    );
    expect(await alarms('?active=1')).toHaveLength(2);
    clock.now = new Date('2024-06-01T04:30:00Z');
    // Any ingest (or the minute timer) notices the expiry.
    const late = await ingest(
      cmaAlert({
        id: 'sz-2024-0005',
        sent: '2024-06-01T08:00:00+08:00',
        expires: '2024-06-01T09:00:00+08:00',
      }),
    );
    expect(late.json().alerts[0].outcome).toBe('accepted');
    expect(await alarms('?active=1')).toEqual([]);
    const closed = (await get('/api/weather/warning?active=0')).json().warnings as {
      identifier: string;
      closedReason: string;
    }[];
    expect(closed.find((w) => w.identifier === 'sz-2024-0004')?.closedReason).toBe('expired');
    expect(closed.find((w) => w.identifier === 'sz-2024-0005')?.closedReason).toBe('expired');
  });

  describe('one alarm per official warning and location for its life', () => {
    const sent = (n: number) => `2024-06-01T12:0${n}:00+08:00`;
    const ref = (n: number) => `sz@cma.gov.cn,sz-life-${n},${sent(n)}`;
    const message = (n: number, o: Partial<Parameters<typeof cmaAlert>[0]> = {}) =>
      cmaAlert({ id: `sz-life-${n}`, sent: sent(n), ...o }).replace(/^<\?xml[^>]*>\s*/, '');
    /** Newest first, as feeds list them; each Update names only the message before it. */
    const feed = (messages: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>urn:sz</id><title>sz</title><updated>2024-06-01T04:00:00Z</updated>
${messages.map((m, i) => `<entry><id>e${i}</id><content type="text/xml">${m}</content></entry>`).join('\n')}
</feed>`;
    const life = async () =>
      (
        await t.db.query<{
          id: number;
          location_id: number;
          level: number;
          cleared: boolean;
          colour: string;
        }>(
          `SELECT a.id::float8 AS id, a.location_id::float8 AS location_id, a.level, a.cleared_at IS NOT NULL AS cleared,
              w.level AS colour
            FROM alarms a JOIN weather_warnings w ON w.id = (a.facts ->> 'warning_id')::bigint
            WHERE a.kind = 'weather_warning' AND w.identifier LIKE 'sz-life-%'
              AND a.location_id = ANY($1::bigint[]) ORDER BY a.location_id`,
          [Object.values(sites)],
        )
      ).rows;
    /** The deliveries since this block began. */
    const lifeDeliveries = async () => (await deliveries()).slice(before);
    let before = 0;
    let first: Awaited<ReturnType<typeof life>> = [];
    const chain = feed([
      message(4, { msgType: 'Update', references: ref(3) }),
      message(3, { msgType: 'Update', references: ref(2) }),
      message(2, { msgType: 'Update', references: ref(1) }),
      message(1),
    ]);

    it('a feed of an alert and its updates raises one alarm per site', async () => {
      before = (await deliveries()).length;
      const res = await ingest(chain, 'application/atom+xml');
      expect(res.statusCode).toBe(200);
      first = await life();
      expect(first.map((a) => [a.location_id, a.cleared])).toEqual(
        [sites.Futian, sites['Dongguan edge']].sort((a, b) => (a ?? 0) - (b ?? 0)).map((id) => [id, false]),
      );
      expect((await lifeDeliveries()).length).toBe(2);
      const open = (await get('/api/weather/warning?active=1')).json().warnings as { identifier: string }[];
      expect(open.filter((w) => w.identifier.startsWith('sz-life-')).map((w) => w.identifier)).toEqual([
        'sz-life-4',
      ]);
    });

    it('polling the same feed again raises nothing', async () => {
      await ingest(chain, 'application/atom+xml');
      expect(await life()).toEqual(first);
      expect((await lifeDeliveries()).length).toBe(2);
    });

    it('an Update to a higher colour updates the alarms and says so; the same or a lower one is quiet', async () => {
      await ingest(
        message(5, { msgType: 'Update', references: ref(4), event: '暴雨橙色预警信号', severity: 'Severe' }),
      );
      const raised = await life();
      expect(raised.map((a) => a.id)).toEqual(first.map((a) => a.id));
      expect(raised.every((a) => a.colour === 'orange' && a.level === 2 && !a.cleared)).toBe(true);
      const told = (await lifeDeliveries()).slice(2);
      expect(told).toHaveLength(2);
      const futian = told.find((d) => d.location_id === sites.Futian);
      if (!futian) throw new Error('no upgrade delivery for Futian');
      expect(MESSAGES.text(futian.payload, 'en', 'Asia/Shanghai').body).toMatch(/raised from yellow/);
      expect(MESSAGES.text(futian.payload, 'zh-Hans', 'Asia/Shanghai').body).toMatch(/由黄色升级/);
      await ingest(message(6, { msgType: 'Update', references: ref(5), event: '暴雨橙色预警信号' }));
      await ingest(message(7, { msgType: 'Update', references: ref(6) }));
      const lowered = await life();
      expect(lowered.map((a) => a.id)).toEqual(first.map((a) => a.id));
      expect(lowered.every((a) => a.colour === 'yellow' && a.level === 1)).toBe(true);
      expect((await lifeDeliveries()).length).toBe(4);
    });

    it('a Cancel clears the alarms', async () => {
      await ingest(message(8, { msgType: 'Cancel', references: ref(7) }));
      const cleared = await life();
      expect(cleared.map((a) => a.id)).toEqual(first.map((a) => a.id));
      expect(cleared.every((a) => a.cleared)).toBe(true);
      expect((await lifeDeliveries()).length).toBe(4);
    });
  });
});
