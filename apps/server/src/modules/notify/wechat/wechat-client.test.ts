import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_APP_ID,
  FAKE_APP_SECRET,
  type FakeWechatApi,
  startFakeWechatApi,
} from '../../../test/fake-wechat-api.js';
import { WechatApiError, WechatClient } from './wechat-client.js';

describe('WeChat API client', () => {
  let fake: FakeWechatApi;
  let clock: number;
  const now = () => new Date(clock);
  const client = (over: Partial<ConstructorParameters<typeof WechatClient>[0]> = {}) =>
    new WechatClient({ apiBase: fake.url, appId: FAKE_APP_ID, appSecret: FAKE_APP_SECRET, now, ...over });
  const send = (c: WechatClient, openid = 'oMgHVjngRipVsoxg6TuX3vz6glDg') =>
    c.sendTemplate(openid, 'tpl-1', 'http://board.example/board', { keyword1: { value: 'x' } });

  beforeEach(async () => {
    await fake?.close();
    fake = await startFakeWechatApi();
    clock = Date.parse('2026-07-12T08:00:00Z');
  });
  afterAll(() => fake.close());

  it('fetches one token for many sends, in sequence and at once', async () => {
    const c = client();
    for (let i = 0; i < 5; i++) await send(c);
    await Promise.all(Array.from({ length: 20 }, () => send(c)));
    expect(fake.tokenRequests).toBe(1);
    expect(fake.templates).toHaveLength(25);
  });

  it('lets concurrent callers share one token fetch while it is under way', async () => {
    fake.tokenDelayMs = 100;
    const c = client();
    const ids = await Promise.all(Array.from({ length: 8 }, () => send(c)));
    expect(fake.tokenRequests).toBe(1);
    expect(new Set(ids).size).toBe(8);
  });

  it('refreshes the token 5 minutes before WeChat expires it', async () => {
    const c = client();
    await send(c);
    clock += (7200 - 300) * 1000 - 1000;
    await send(c);
    expect(fake.tokenRequests).toBe(1);
    clock += 2000;
    await send(c);
    expect(fake.tokenRequests).toBe(2);
    expect(fake.templates).toHaveLength(3);
  });

  it('drops a token WeChat calls expired (42001), fetches a new one and sends once more', async () => {
    const c = client();
    await send(c);
    fake.expireTokens();
    await send(c);
    expect(fake.tokenRequests).toBe(2);
    expect(fake.templates).toHaveLength(2);
  });

  it('sends the template message in the shape WeChat takes and answers its msgid', async () => {
    const msgid = await client().sendTemplate('oOpenid1', 'tpl-abc', 'http://board.example/board', {
      first: { value: 'Red warning · Apron' },
      keyword1: { value: 'Red' },
    });
    expect(msgid).toBe(200228332);
    expect(fake.templates).toEqual([
      {
        touser: 'oOpenid1',
        template_id: 'tpl-abc',
        url: 'http://board.example/board',
        data: { first: { value: 'Red warning · Apron' }, keyword1: { value: 'Red' } },
      },
    ]);
  });

  it('asks for a temporary QR code with a string scene', async () => {
    const qr = await client().createQrCode('K7Q2ABCD', 600);
    expect(fake.qrCodes).toEqual([
      { expire_seconds: 600, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: 'K7Q2ABCD' } } },
    ]);
    expect(qr.url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    expect(qr.expire_seconds).toBe(600);
  });

  it('reports WeChat refusals with their errcode, never with the secret or the token', async () => {
    fake.script.push({ errcode: 43004, errmsg: 'require subscribe' });
    const c = client();
    const refused = await send(c).catch((e) => e);
    expect(refused).toBeInstanceOf(WechatApiError);
    expect(refused.errcode).toBe(43004);
    expect(refused.message).not.toContain(fake.issued[0]);

    const wrong = await send(client({ appSecret: 'not-the-secret-0123456789' })).catch((e) => e);
    expect(wrong.errcode).toBe(40125);
    expect(wrong.message).not.toContain('not-the-secret');
  });

  it('gives up on a WeChat that does not answer in time', async () => {
    fake.tokenDelayMs = 2000;
    const started = Date.now();
    const error = await send(client({ timeoutMs: 200 })).catch((e) => e);
    expect(error).toBeInstanceOf(WechatApiError);
    expect(error.errcode).toBeNull();
    expect(error.message).toContain('timed out');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('says it is not configured without app id and secret', async () => {
    const c = client({ appId: null, appSecret: null });
    expect(c.configured).toBe(false);
    await expect(send(c)).rejects.toThrow(/WECHAT_APP_ID/);
    expect(fake.tokenRequests).toBe(0);
  });
});
