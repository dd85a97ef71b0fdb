import type { InboxItem, Topic } from '@thunderwatch/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { createLocation, insertAlarm } from '../../../test/notification-test-kit.js';

describe.each(DB_KINDS)('notification inbox and topics (%s)', (kind) => {
  let t: TestApp;
  const clock = Date.parse('2026-11-23T02:00:00Z');
  let groupA: number;
  let managerA: TestUser;
  let operatorA: TestUser;
  let viewerA: TestUser;
  let managerB: TestUser;
  let siteA: number;
  let siteB: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(clock), env: { NOTIFY_WORKER: 'off' } });
    groupA = t.demoGroupId;
    managerA = await t.createUser({ role: 'group_admin' });
    operatorA = await t.createUser({ role: 'operator' });
    viewerA = await t.createUser({ role: 'viewer' });
    managerB = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`topics-${kind}`) });
    siteA = await createLocation(t, managerA, 'Apron');
    siteB = await createLocation(t, managerB, 'Harbour');
  });
  afterAll(() => t.close());

  const message = (user: TestUser, title: string, alarmId: number | null = null) =>
    t.app.services.inbox.insert({
      userId: user.id,
      groupId: user.groupId,
      deliveryId: null,
      event: alarmId ? 'alarm' : 'test',
      alarmId,
      locationId: alarmId ? siteA : null,
      level: alarmId ? 3 : null,
      title,
      body: `${title} body`,
      link: null,
      createdAt: new Date(clock),
    });
  const inbox = async (user: TestUser, query = '') => {
    const res = await t.call({ method: 'GET', url: `/api/notification_record${query}`, token: user.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: InboxItem[]; total: number; unread: number };
  };
  const markRead = (user: TestUser, payload: object) =>
    t.call({ method: 'POST', url: '/api/notification_record', token: user.access, payload });

  describe('inbox', () => {
    it('pages my messages newest first, counts the unread, and marks read only mine', async () => {
      const first = await message(viewerA, 'one');
      const second = await message(viewerA, 'two');
      await message(viewerA, 'three');
      const others = await message(operatorA, 'not yours');

      const page = await inbox(viewerA, '?limit=2&offset=0');
      expect(page.items.map((i) => i.title)).toEqual(['three', 'two']);
      expect(page).toMatchObject({ total: 3, unread: 3 });
      expect((await inbox(viewerA, '?limit=2&offset=2')).items.map((i) => i.title)).toEqual(['one']);

      const marked = await markRead(viewerA, { ids: [first.id, second.id, others.id] });
      expect(marked.json()).toEqual({ updated: 2 });
      expect((await inbox(operatorA)).items[0]).toMatchObject({ title: 'not yours', read_at: null });

      const unread = await inbox(viewerA, '?unread=true');
      expect(unread.items.map((i) => i.title)).toEqual(['three']);
      expect(unread).toMatchObject({ total: 1, unread: 1 });
      const all = await inbox(viewerA, '?unread=false');
      expect(all).toMatchObject({ total: 3, unread: 1 });
      expect(all.items.find((i) => i.id === first.id)?.read_at).toBe(new Date(clock).toISOString());

      expect((await markRead(viewerA, { all: true })).json()).toEqual({ updated: 1 });
      expect((await inbox(viewerA)).unread).toBe(0);
      expect((await inbox(operatorA)).unread).toBe(1);
    });

    it('asks for either ids or all', async () => {
      for (const payload of [{}, { ids: [1], all: true }, { all: false }, { ids: [] }]) {
        const res = await markRead(viewerA, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.code).toBe('validation.failed');
      }
    });

    it('shows an alarm message as confirmed, by whom, once someone confirmed the alarm', async () => {
      const alarmId = await insertAlarm(t.db, {
        locationId: siteA,
        groupId: groupA,
        level: 3,
        at: new Date(clock),
      });
      await message(viewerA, 'red at Apron', alarmId);
      const before = (await inbox(viewerA)).items[0];
      expect(before).toMatchObject({ alarm_id: alarmId, alarm_confirmed_at: null, alarm_confirmed_by: null });

      const confirmed = await t.call({
        method: 'POST',
        url: '/api/warning/alarm_confirm',
        token: operatorA.access,
        payload: { id: alarmId },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = (await inbox(viewerA)).items[0];
      expect(after?.alarm_confirmed_by).toEqual({ id: operatorA.id, name: operatorA.username });
      expect(after?.alarm_confirmed_at).not.toBeNull();
    });

    it('needs a signed-in user', async () => {
      expect((await t.call({ method: 'GET', url: '/api/notification_record' })).statusCode).toBe(401);
    });
  });

  describe('topics and subscriptions', () => {
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
});
