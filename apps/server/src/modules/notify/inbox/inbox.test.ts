import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { createLocation, insertAlarm } from '../../../test/notification-test-kit.js';

describe.each(DB_KINDS)('notification inbox (%s)', (kind) => {
  let t: TestApp;
  const clock = Date.parse('2026-11-23T02:00:00Z');
  let groupA: number;
  let operatorA: TestUser;
  let viewerA: TestUser;
  let siteA: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(clock), env: { NOTIFY_WORKER: 'off' } });
    groupA = t.demoGroupId;
    const managerA = await t.createUser({ role: 'group_admin' });
    operatorA = await t.createUser({ role: 'operator' });
    viewerA = await t.createUser({ role: 'viewer' });
    siteA = await createLocation(t, managerA, 'Apron');
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
