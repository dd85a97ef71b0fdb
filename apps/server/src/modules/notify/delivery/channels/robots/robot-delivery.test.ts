import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../../../test/harness.js';
import { jsonStroke } from '../../../../../test/strokes.js';
import {
  type RobotAnswer,
  type RobotReceiver,
  type RobotRequestSeen,
  startRobotReceiver,
} from '../fixtures/robot-receiver.js';

const KM = 1 / 110.75;
const SECRET = 'SEC0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd';
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true },
];

/**
 * Group robots end to end: a list's robots get the alarm from the outbox through the worker, with its
 * retries and delivery records, and the test-message button proves a robot's settings.
 */
describe.each(DB_KINDS)('robot deliveries (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-23T02:00:00Z');
  let api: RobotReceiver;
  let boss: TestUser;
  let feedKey: string;
  let wecomBusy = 0;
  const dingtalkUrl = () => `${api.base}/robot/send?access_token=tok1`;
  const wecomUrl = () => `${api.base}/cgi-bin/webhook/send?key=k-1`;

  /** DingTalk's signature check against the test clock (as in dingtalk.test.ts), WeCom busy `wecomBusy` times. */
  const vendors = (r: RobotRequestSeen): RobotAnswer => {
    if (r.url.pathname === '/cgi-bin/webhook/send') {
      if (wecomBusy > 0) {
        wecomBusy -= 1;
        return { status: 200, body: { errcode: 45009, errmsg: 'api freq out of limit' } };
      }
      return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    }
    const timestamp = r.url.searchParams.get('timestamp') ?? '';
    const sign = createHmac('sha256', SECRET).update(`${timestamp}\n${SECRET}`).digest('base64');
    const fresh = Math.abs(clock - Number(timestamp)) <= 60 * 60_000;
    return fresh && r.url.searchParams.get('sign') === sign
      ? { status: 200, body: { errcode: 0, errmsg: 'ok' } }
      : { status: 200, body: { errcode: 310000, errmsg: 'sign not match' } };
  };

  beforeAll(async () => {
    api = await startRobotReceiver();
    api.answer = vendors;
    t = await startTestApp(kind, {
      background: ['warning-engine', 'delivery'],
      now: () => new Date(clock),
      env: { NOTIFY_WORKER: 'off', ALLOW_PRIVATE_WEBHOOKS: 'true' },
    });
    feedKey = await t.createFeed('robots');
    const groupId = await t.createGroup(`robots-${kind}`);
    boss = await t.createUser({ role: 'group_admin', groupId });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  const addList = async (locationId: number) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: boss.access,
      payload: {
        name: 'Robots',
        locations: [locationId],
        min_level: 1,
        channels: ['dingtalk', 'wecom'],
        recipients: [
          { kind: 'dingtalk', value: dingtalkUrl(), secret: SECRET },
          { kind: 'wecom', value: wecomUrl() },
        ],
        language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it('sends an alarm to each robot in the list language, retrying a robot that limits the rate', async () => {
    const at = { lat: 31, lon: 111 };
    const site = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: boss.access,
      payload: { name: 'Substation', shape: { type: 'Point', coordinates: [at.lon, at.lat] }, rings: RINGS },
    });
    const locationId = site.json().id as number;
    await addList(locationId);
    await t.app.services.warningEngine.idle();
    wecomBusy = 1;
    await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': feedKey },
      payload: [
        jsonStroke({ time: new Date(clock - 1000).toISOString(), lat: at.lat + 5 * KM, lon: at.lon }),
      ],
    });
    await t.app.services.warningEngine.idle();
    await t.app.services.deliveryWorker.runOnce();

    const rows = async () =>
      (
        await t.db.query<{ channel: string; status: string; attempts: number; language: string }>(
          'SELECT channel, status, attempts, language FROM deliveries WHERE location_id = $1 ORDER BY channel',
          [locationId],
        )
      ).rows;
    expect(await rows()).toEqual([
      { channel: 'dingtalk', status: 'sent', attempts: 1, language: 'en' },
      { channel: 'wecom', status: 'pending', attempts: 1, language: 'en' },
    ]);
    const ding = api.seen.find((r) => r.url.pathname === '/robot/send') as RobotRequestSeen;
    expect((ding.json.actionCard as { text: string }).text).toContain('- **Site**：Substation');

    clock += 60_000;
    await t.app.services.deliveryWorker.runOnce();
    expect((await rows()).map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ['dingtalk', 'sent', 1],
      ['wecom', 'sent', 2],
    ]);
  });

  it('tests a robot with the secret the list stores; a wrong secret fails with DingTalk’s message on record', async () => {
    const listId = await addList(
      (
        await t.call({
          method: 'POST',
          url: '/api/locations/',
          token: boss.access,
          payload: { name: 'Tower', shape: { type: 'Point', coordinates: [112, 32] } },
        })
      ).json().id,
    );
    const test = (recipient: object) =>
      t.call({
        method: 'POST',
        url: '/api/notification/test',
        token: boss.access,
        payload: { channel: 'dingtalk', recipient, list_id: listId },
      });
    const stored = await test({ kind: 'dingtalk', value: dingtalkUrl() });
    expect(stored.json()).toMatchObject({ status: 'sent', channel: 'dingtalk', attempts: 1 });
    const card = api.seen.at(-1)?.json.actionCard as { title: string };
    expect(card.title).toBe('Thunderwatch test message');

    const wrong = await test({ kind: 'dingtalk', value: dingtalkUrl(), secret: `${SECRET.slice(0, -2)}ff` });
    expect(wrong.json()).toMatchObject({ status: 'failed', channel: 'dingtalk' });
    expect(wrong.json().last_error).toBe('DingTalk refused the message (errcode 310000): sign not match');
    const records = await t.call({
      method: 'GET',
      url: '/api/notification/deliveries?channel=dingtalk&status=failed',
      token: boss.access,
    });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().items[0]).toMatchObject({
      id: wrong.json().id,
      recipient: { kind: 'dingtalk', value: dingtalkUrl() },
      last_error: 'DingTalk refused the message (errcode 310000): sign not match',
    });
  });
});
