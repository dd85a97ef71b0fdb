import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { createLocation, insertAlarm } from '../../../test/notification-test-kit.js';
import type { DailySummaryFacts } from '../delivery/channels/delivery-channel.js';
import { RecipientsRepo } from '../delivery/recipients-repo.js';
import { DailySummaryJob } from './daily-summary.js';
import { DailySummaryRepo } from './daily-summary-repo.js';

const silent = { error: () => {}, warn: () => {} };

interface Row {
  idempotency_key: string;
  channel: string;
  address: string;
  user_id: string;
  group_id: string;
  language: string;
  payload: { event: string; summary: DailySummaryFacts };
}

describe.each(DB_KINDS)('daily summary (%s)', (kind) => {
  let t: TestApp;
  let shanghai: TestUser;
  let newYork: TestUser;
  let notSubscribed: TestUser;
  let otherGroup: TestUser;
  let apron: number;
  let tower: number;
  let clock = Date.parse('2026-11-22T00:00:00Z');
  beforeAll(async () => {
    t = await startTestApp(kind, {
      now: () => new Date(clock),
      env: { NOTIFY_WORKER: 'off', PUBLIC_URL: 'https://tw.example.cn' },
    });
    const manager = await t.createUser({ role: 'group_admin' });
    shanghai = await t.createUser({ role: 'operator', phone: '+8613800000077' });
    newYork = await t.createUser({ role: 'viewer' });
    notSubscribed = await t.createUser({ role: 'viewer' });
    otherGroup = await t.createUser({ role: 'viewer', groupId: await t.createGroup(`summary-${kind}`) });
    apron = await createLocation(t, manager, 'Apron');
    tower = await createLocation(t, manager, 'Tower');
    const prefs = (u: TestUser, p: object, zone: string, email: string | null) =>
      t.db.query('UPDATE users SET notification_prefs = $2, time_zone = $3, email = $4 WHERE id = $1', [
        u.id,
        JSON.stringify(p),
        zone,
        email,
      ]);
    // E-mail and SMS as well as in-app; no WeChat binding, so WeChat is skipped.
    await prefs(shanghai, { in_app: true, email: true, sms: true, wechat: true }, 'Asia/Shanghai', 'sh@x.cn');
    // SMS wanted but no phone: skipped.
    await prefs(newYork, { in_app: true, email: false, sms: true, wechat: false }, 'America/New_York', null);
    for (const u of [shanghai, newYork, otherGroup]) {
      await t.db.query(
        "INSERT INTO notification_subscriptions (user_id, topic) VALUES ($1, 'daily_summary')",
        [u.id],
      );
    }
    await t.db.query("INSERT INTO notification_subscriptions (user_id, topic) VALUES ($1, 'location:1')", [
      notSubscribed.id,
    ]);
    const alarm = (locationId: number, level: 1 | 2 | 3, at: string) =>
      insertAlarm(t.db, { locationId, groupId: t.demoGroupId, level, at: new Date(at) });
    // Shanghai's Nov 22 is [Nov 21 16:00Z, Nov 22 16:00Z); New York's Nov 21 [Nov 21 05:00Z, Nov 22 05:00Z).
    await alarm(apron, 1, '2026-11-21T15:59:00Z'); // Shanghai's 21st, New York's 21st
    await alarm(apron, 2, '2026-11-21T16:00:00Z'); // Shanghai's 22nd, New York's 21st
    await alarm(apron, 3, '2026-11-22T03:00:00Z'); // Shanghai's 22nd, New York's 21st
    await alarm(tower, 1, '2026-11-22T15:59:59Z'); // Shanghai's 22nd, New York's 22nd
    await alarm(tower, 3, '2026-11-22T16:00:00Z'); // Shanghai's 23rd, New York's 22nd
  });
  afterAll(() => t.close());

  const job = () =>
    new DailySummaryJob({
      db: t.db,
      alarms: new DailySummaryRepo(t.db),
      recipients: new RecipientsRepo(),
      outbox: t.app.services.outbox,
      publicUrl: t.config.notifications.publicUrl,
      now: () => new Date(),
      log: silent,
    });
  const summaries = async () =>
    (
      await t.db.query<Row>(
        `SELECT idempotency_key, channel, address, user_id, group_id, language, payload FROM deliveries
         WHERE event = 'daily_summary' ORDER BY user_id, channel`,
      )
    ).rows;

  it('waits for 08:00 local, then sends each subscriber the day before through the channels they chose', async () => {
    const first = job();
    // 07:59 in Shanghai: not due there yet; 18:59 in New York, due since 08:00 (for Nov 21).
    expect(await first.runOnce(new Date('2026-11-22T23:59:00Z'))).toBe(1);
    expect((await summaries()).map((r) => Number(r.user_id))).toEqual([newYork.id]);
    // 08:00 in Shanghai (Nov 23): the Shanghai subscribers' turn; New York's is done.
    expect(await first.runOnce(new Date('2026-11-23T00:00:00Z'))).toBe(4);
    const rows = await summaries();
    const mine = rows.filter((r) => Number(r.user_id) === shanghai.id);
    expect(mine.map((r) => [r.channel, r.address])).toEqual([
      ['email', 'sh@x.cn'],
      ['inapp', String(shanghai.id)],
      ['sms', '+8613800000077'],
    ]);
    expect(mine[0]?.idempotency_key).toBe(`daily_summary:${shanghai.id}:2026-11-22:email`);
    expect(mine[0]?.payload.summary).toEqual({
      date: '2026-11-22',
      alarms: 3,
      red: 1,
      locations: [
        { id: apron, name: 'Apron', name_en: null, alarms: 2, peak_level: 3 },
        { id: tower, name: 'Tower', name_en: null, alarms: 1, peak_level: 1 },
      ],
      board_url: 'https://tw.example.cn/realtimealert',
    });
    const ny = rows.filter((r) => Number(r.user_id) === newYork.id);
    expect(ny.map((r) => r.channel)).toEqual(['inapp']);
    expect(ny[0]?.payload.summary).toMatchObject({ date: '2026-11-21', alarms: 3, red: 1 });
    // Another group's subscriber hears of their own group's day: nothing happened there.
    const theirs = rows.filter((r) => Number(r.user_id) === otherGroup.id);
    expect(theirs.map((r) => r.payload.summary)).toEqual([
      {
        date: '2026-11-22',
        alarms: 0,
        red: 0,
        locations: [],
        board_url: 'https://tw.example.cn/realtimealert',
      },
    ]);
    expect(Number(theirs[0]?.group_id)).toBe(otherGroup.groupId);
    expect(rows.some((r) => Number(r.user_id) === notSubscribed.id)).toBe(false);
  });

  it('sends one summary per day however often it runs, and on however many nodes', async () => {
    const before = (await summaries()).length;
    expect(await job().runOnce(new Date('2026-11-23T00:01:00Z'))).toBe(0);
    expect(await job().runOnce(new Date('2026-11-23T09:00:00Z'))).toBe(0);
    expect((await summaries()).length).toBe(before);
    // The next day everywhere: Shanghai's summary of Nov 23 (three channels and the other group's
    // subscriber), New York's of Nov 22.
    const next = job();
    expect(await next.runOnce(new Date('2026-11-24T00:30:00Z'))).toBe(5);
    const tower23 = (await summaries()).find(
      (r) => r.idempotency_key === `daily_summary:${shanghai.id}:2026-11-23:inapp`,
    );
    expect(tower23?.payload.summary).toMatchObject({ alarms: 1, red: 1 });
    expect(await next.runOnce(new Date('2026-11-24T00:31:00Z'))).toBe(0);
  });

  it("reaches the subscriber's inbox through the in-app channel", async () => {
    clock = Date.parse('2026-11-24T01:00:00Z');
    await t.app.services.deliveryWorker.runOnce();
    const res = await t.call({ method: 'GET', url: '/api/notification_record', token: newYork.access });
    const items = res.json().items as { event: string; title: string }[];
    expect(items.some((i) => i.event === 'daily_summary')).toBe(true);
  });
});
