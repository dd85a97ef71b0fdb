import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { createLocation, delivery, insertAlarm } from '../../../test/notification-test-kit.js';

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

  it('words each message when it is read, in the reader’s language and time zone as their profile says now', async () => {
    const reader = await t.createUser({ role: 'viewer' });
    const at = new Date('2026-11-23T01:00:00Z');
    await t.call({
      method: 'POST',
      url: '/api/change_profile_by_user',
      token: reader.access,
      payload: { language: 'zh-Hans', time_zone: 'Asia/Shanghai' },
    });
    // Sent in Chinese (the language of the moment), then the reader switches to English in another zone.
    await t.app.services.outbox.insert([
      delivery({
        groupId: reader.groupId,
        userId: reader.id,
        address: String(reader.id),
        language: 'zh-Hans',
        payload: { event: 'test', at: at.toISOString(), board_url: 'http://127.0.0.1/realtimealert' },
        createdAt: at,
      }),
    ]);
    const sent = await t.db.query<{ id: string }>('SELECT id FROM deliveries WHERE user_id = $1', [
      reader.id,
    ]);
    await t.app.services.inbox.insert({
      userId: reader.id,
      groupId: reader.groupId,
      deliveryId: Number(sent.rows[0]?.id),
      event: 'test',
      alarmId: null,
      locationId: null,
      level: null,
      title: '雷电监测预警平台测试消息',
      body: '这是一条测试消息，发送于 2026-11-23 09:00。此通道工作正常。',
      link: 'http://127.0.0.1/realtimealert',
      createdAt: at,
    });
    expect((await inbox(reader)).items[0]).toMatchObject({
      title: '雷电监测预警平台测试消息',
      body: '这是一条测试消息，发送于 2026-11-23 09:00。此通道工作正常。',
    });
    await t.call({
      method: 'POST',
      url: '/api/change_profile_by_user',
      token: reader.access,
      payload: { language: 'en', time_zone: 'Europe/London' },
    });
    expect((await inbox(reader)).items[0]).toMatchObject({
      title: 'Thunderwatch test message',
      body: 'This is a test message sent at 2026-11-23 01:00. This channel works.',
      link: 'http://127.0.0.1/realtimealert',
    });
    // A message without its delivery (purged, or written before) keeps the words it was sent with.
    expect((await inbox(viewerA)).items.some((i) => i.title === 'one')).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/notification_record' })).statusCode).toBe(401);
  });
});
