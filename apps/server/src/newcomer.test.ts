import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS } from './modules/warnings/locations/demo-locations.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from './test/harness.js';
import { jsonStroke } from './test/strokes.js';

const KM = 1 / 110.75;

/** What a newcomer meets right after the first start: the demo sites everywhere, and an alarm that reaches them. */
describe.each(DB_KINDS)('a newcomer’s first minutes (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-23T02:00:00Z');
  let outsider: TestUser;
  let demoOperator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['warning-engine'],
      now: () => new Date(clock),
      env: { NOTIFY_WORKER: 'off' },
    });
    outsider = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`other-${kind}`) });
    demoOperator = await t.createUser({ role: 'operator', groupId: t.demoGroupId });
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser) => t.call({ method: 'GET', url, token: user.access });
  const names = (items: { name: string }[]) => items.map((l) => l.name);

  it('shows the admin every group’s sites on the map, as on the board and the location list', async () => {
    const demo = DEMO_LOCATIONS.map((l) => l.name);
    const map = (await get('/api/user_map_data', t.admin)).json().locations;
    expect(names(map)).toEqual(expect.arrayContaining(demo));
    // Each named in Chinese with its English name beside it.
    expect(map).toEqual(
      expect.arrayContaining(
        DEMO_LOCATIONS.map((l) => expect.objectContaining({ name: l.name, name_en: l.nameEn })),
      ),
    );
    const list = (await get('/api/locations/?limit=1000', t.admin)).json().items;
    expect(names(map).sort()).toEqual(names(list).sort());
    const board = (await get('/api/warning', t.admin)).json().items as { name: string }[];
    expect(names(board).sort()).toEqual(names(list.filter((l: { enabled: boolean }) => l.enabled)).sort());
    // Anyone else sees their own group's only.
    expect(names((await get('/api/user_map_data', demoOperator)).json().locations)).toEqual(demo);
    expect((await get('/api/user_map_data', outsider)).json().locations).toEqual([]);
  });

  it('offers the admin every group’s sites as topics, and others only their own', async () => {
    const topics = (await get('/api/notification/topics/', t.admin)).json() as {
      location_name: string;
    }[];
    expect(topics.map((x) => x.location_name)).toEqual(
      expect.arrayContaining(DEMO_LOCATIONS.map((l) => l.name)),
    );
    const airport = (await get('/api/locations/?q=Airport', t.admin)).json().items[0];
    const topic = `location:${airport.id}`;
    const subscribe = (user: TestUser) =>
      t.call({
        method: 'POST',
        url: '/api/notification/subscription',
        token: user.access,
        payload: { topic },
      });
    const mine = await subscribe(t.admin);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: topic, subscribed: true });
    expect((await subscribe(outsider)).statusCode).toBe(404);
  });

  it('gives the demo group a duty desk that brings a red alarm to the admin’s inbox with no setup', async () => {
    const lists = (await get(`/api/distribute_get?group_id=${t.demoGroupId}`, t.admin)).json().items;
    expect(lists).toEqual([
      expect.objectContaining({
        name: 'Duty desk',
        builtin: 'duty',
        locations: 'all',
        min_level: 1,
        channels: ['inapp'],
        recipients: [
          { kind: 'role', value: 'group_admin' },
          { kind: 'user', value: String(t.admin.id), name: expect.any(String) },
        ],
      }),
    ]);
    // The list stays editable by the rules: an admin is a valid recipient of any group's list.
    const { id, name, locations, min_level, channels, recipients } = lists[0];
    const saved = await t.call({
      method: 'POST',
      url: '/api/distribute_update',
      token: t.admin.access,
      payload: { id, name, locations, min_level, channels, recipients },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const port = DEMO_LOCATIONS.find((l) => l.nameEn.includes('Port'));
    if (port?.shape.type !== 'Point') throw new Error('the demo port is a point');
    const [lon, lat] = port.shape.coordinates;
    const key = await t.createFeed(`newcomer-${kind}`);
    clock += 60_000;
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke({ time: new Date(clock - 1000).toISOString(), lat: lat + 3 * KM, lon })],
    });
    expect(res.statusCode).toBe(200);
    await t.app.services.warningEngine.idle();
    await t.app.services.deliveryWorker.runOnce();
    const inbox = (await get('/api/notification_record', t.admin)).json().items as { title: string }[];
    expect(inbox.map((i) => i.title)).toContainEqual(expect.stringContaining('盐田港'));
  });
});
