import type { Topic } from '@thunderwatch/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { createLocation } from '../../../test/notification-test-kit.js';

describe.each(DB_KINDS)('notification topics and subscriptions (%s)', (kind) => {
  let t: TestApp;
  const clock = Date.parse('2026-11-23T02:00:00Z');
  let operatorA: TestUser;
  let viewerA: TestUser;
  let managerB: TestUser;
  let siteA: number;
  let siteB: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(clock), env: { NOTIFY_WORKER: 'off' } });
    const managerA = await t.createUser({ role: 'group_admin' });
    operatorA = await t.createUser({ role: 'operator' });
    viewerA = await t.createUser({ role: 'viewer' });
    managerB = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`topics-${kind}`) });
    siteA = await createLocation(t, managerA, 'Apron');
    siteB = await createLocation(t, managerB, 'Harbour');
  });
  afterAll(() => t.close());

  const get = async (user: TestUser, url: string) => t.call({ method: 'GET', url, token: user.access });
  const topicIds = (topics: Topic[]) => topics.map((x) => x.id);

  it("lists my group's location topics and the daily summary, never another group's", async () => {
    const mine = (await get(viewerA, '/api/notification/topics/')).json() as Topic[];
    expect(topicIds(mine)).toContain(`location:${siteA}`);
    expect(topicIds(mine)).toContain('daily_summary');
    expect(topicIds(mine)).not.toContain(`location:${siteB}`);
    expect(mine.find((x) => x.id === `location:${siteA}`)).toEqual({
      id: `location:${siteA}`,
      kind: 'location_alarms',
      location_id: siteA,
      location_name: 'Apron',
      location_name_en: null,
      subscribed: false,
    });
    const theirs = (await get(managerB, '/api/notification/topics')).json() as Topic[];
    expect(topicIds(theirs)).toEqual(['daily_summary', `location:${siteB}`]);

    expect((await get(viewerA, `/api/notification/topic?id=location:${siteA}`)).json()).toMatchObject({
      location_name: 'Apron',
    });
    const foreign = await get(viewerA, `/api/notification/topic?id=location:${siteB}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('notification.topic_not_found');
    expect((await get(viewerA, '/api/notification/topic?id=weather')).statusCode).toBe(400);
  });

  it('subscribes (twice is once) and unsubscribes by body or query', async () => {
    const subscribe = (topic: string) =>
      t.call({
        method: 'POST',
        url: '/api/notification/subscription',
        token: operatorA.access,
        payload: { topic },
      });
    const topic = `location:${siteA}`;
    expect((await subscribe(topic)).json()).toMatchObject({ id: topic, subscribed: true });
    expect((await subscribe(topic)).statusCode).toBe(200);
    const held = (await get(operatorA, '/api/notification/subscription')).json() as Topic[];
    expect(topicIds(held)).toEqual([topic]);
    // Another user's subscriptions are their own.
    expect((await get(viewerA, '/api/notification/subscription')).json()).toEqual([]);

    const byBody = await t.call({
      method: 'DELETE',
      url: '/api/notification/subscription',
      token: operatorA.access,
      payload: { topic },
    });
    expect(byBody.json()).toMatchObject({ id: topic, subscribed: false });
    await subscribe('daily_summary');
    const byQuery = await t.call({
      method: 'DELETE',
      url: '/api/notification/subscription?topic=daily_summary',
      token: operatorA.access,
    });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect((await get(operatorA, '/api/notification/subscription')).json()).toEqual([]);

    const none = await t.call({
      method: 'DELETE',
      url: '/api/notification/subscription',
      token: operatorA.access,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details[0].field).toBe('topic');
  });

  it("never lets a user subscribe to another group's location", async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/notification/subscription',
      token: managerB.access,
      payload: { topic: `location:${siteA}` },
    });
    expect(res.statusCode).toBe(404);
    const held = await t.db.query('SELECT 1 FROM notification_subscriptions WHERE user_id = $1', [
      managerB.id,
    ]);
    expect(held.rows).toEqual([]);
  });

  it('changes several subscriptions at once, all or nothing, naming each refused topic', async () => {
    const batch = (payload: object) =>
      t.call({ method: 'POST', url: '/api/notification/topic_batch', token: viewerA.access, payload });
    const refused = await batch({
      subscribe: ['daily_summary', `location:${siteA}`, `location:${siteB}`],
      unsubscribe: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.map((d: { field: string }) => d.field)).toEqual(['subscribe/2']);
    expect((await get(viewerA, '/api/notification/subscription')).json()).toEqual([]);

    const malformed = await batch({ subscribe: ['daily_summary', 'location:abc'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0].field).toBe('subscribe/1');

    const both = await batch({ subscribe: ['daily_summary'], unsubscribe: ['daily_summary'] });
    expect(both.json().error.details[0].field).toBe('unsubscribe/0');

    const done = await batch({ subscribe: ['daily_summary', `location:${siteA}`] });
    expect(done.statusCode).toBe(200);
    expect((done.json() as Topic[]).filter((x) => x.subscribed).map((x) => x.id)).toEqual([
      'daily_summary',
      `location:${siteA}`,
    ]);
    const swapped = await batch({ unsubscribe: [`location:${siteA}`] });
    expect(topicIds((swapped.json() as Topic[]).filter((x) => x.subscribed))).toEqual(['daily_summary']);
  });
});
