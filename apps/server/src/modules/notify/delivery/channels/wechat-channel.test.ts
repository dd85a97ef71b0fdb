import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_APP_ID,
  FAKE_APP_SECRET,
  type FakeWechatApi,
  startFakeWechatApi,
} from '../../../../test/fake-wechat-api.js';
import { WechatClient } from '../../wechat/wechat-client.js';
import type { NotificationPayload, OutgoingMessage } from './delivery-channel.js';
import { withWords } from './fixtures/messages.js';
import { KEYWORD_MAX, WechatChannel } from './wechat-channel.js';

const ALARM: NotificationPayload = {
  event: 'alarm',
  alarm: {
    alarm_id: 7,
    alert_id: 3,
    location_id: 11,
    location_name: '白云机场西跑道北端机坪',
    level: 3,
    previous_level: 2,
    at: '2026-07-12T08:03:00Z',
    nearest_km: 2.4,
    bearing_deg: 45,
    approach: {
      status: 'approaching',
      direction_deg: 225,
      speed_kmh: 30,
      rings: [{ radius_km: 1, eta_min: 4 }],
    },
    board_url: 'http://portal.example/realtimealert?location=11',
  },
};

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage =>
  withWords({
    deliveryId: 1,
    idempotencyKey: 'd1',
    event: 'alarm',
    groupId: 1,
    userId: 5,
    channel: 'wechat',
    recipientKind: 'user',
    address: 'oMgHVjngRipVsoxg6TuX3vz6glDg',
    language: 'zh-Hans',
    timeZone: 'Asia/Shanghai',
    options: {},
    payload: ALARM,
    ...over,
  });

describe('WeChat channel', () => {
  let fake: FakeWechatApi;
  let channel: WechatChannel;
  beforeAll(async () => {
    fake = await startFakeWechatApi();
  });
  beforeEach(() => {
    fake.templates = [];
    fake.script = [];
    const client = new WechatClient({
      apiBase: fake.url,
      appId: FAKE_APP_ID,
      appSecret: FAKE_APP_SECRET,
      now: () => new Date(),
    });
    channel = new WechatChannel({ client, templateId: 'tpl-warning' });
  });
  afterAll(() => fake.close());

  it('sends the alarm as a template message to the openid, opening the board', async () => {
    await channel.send(message());
    expect(fake.templates).toHaveLength(1);
    const sent = fake.templates[0];
    expect(sent).toMatchObject({
      touser: 'oMgHVjngRipVsoxg6TuX3vz6glDg',
      template_id: 'tpl-warning',
      url: 'http://portal.example/realtimealert?location=11',
    });
    const data = sent?.data ?? {};
    expect(data.keyword1?.value).toMatch(/^【雷电红色预警】白云机场/);
    expect(data.keyword2?.value).toBe('2026-07-12 16:03');
    expect(data.remark?.value).toContain('最近落雷 2.4 公里');
    for (const key of ['first', 'keyword1', 'keyword3']) {
      expect([...(data[key]?.value ?? '')].length, key).toBeLessThanOrEqual(KEYWORD_MAX);
    }
  });

  it('writes in the recipient language and time zone', async () => {
    await channel.send(message({ language: 'en', timeZone: 'Europe/London' }));
    const data = fake.templates[0]?.data ?? {};
    expect(data.keyword1?.value).toMatch(/^Red warning/);
    expect(data.keyword2?.value).toBe('2026-07-12 09:03');
  });

  it.each([
    [43004, 'require subscribe', 'wechat.unsubscribed', true],
    [40003, 'invalid openid', 'wechat.invalid_openid', true],
    [40037, 'invalid template_id', 'wechat.refused', true],
    [-1, 'system error', 'wechat.busy', false],
    [45009, 'reach max api daily quota limit', 'wechat.busy', false],
  ])('errcode %i is a %s ChannelError, permanent: %s', async (errcode, errmsg, code, permanent) => {
    fake.script.push({ errcode, errmsg });
    const error = await channel.send(message()).catch((e) => e);
    expect(error).toMatchObject({ code, permanent });
  });

  it('retries later when WeChat answers 5xx or cannot be reached', async () => {
    fake.script.push({ status: 502 });
    expect(await channel.send(message()).catch((e) => e)).toMatchObject({
      code: 'wechat.unreachable',
      permanent: false,
    });
    const offline = new WechatChannel({
      client: new WechatClient({
        apiBase: 'http://127.0.0.1:1',
        appId: FAKE_APP_ID,
        appSecret: FAKE_APP_SECRET,
        now: () => new Date(),
      }),
      templateId: 'tpl-warning',
    });
    expect(await offline.send(message()).catch((e) => e)).toMatchObject({ permanent: false });
  });

  it('says what is missing when not configured, and refuses to send for good', async () => {
    const bare = new WechatChannel({
      client: new WechatClient({ apiBase: fake.url, appId: null, appSecret: null, now: () => new Date() }),
      templateId: null,
    });
    expect(bare.unavailable).toBe('Not set: WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TEMPLATE_ID');
    expect(channel.unavailable).toBeNull();
    expect(await bare.send(message()).catch((e) => e)).toMatchObject({ permanent: true });
  });
});
