import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { WechatBindingCode } from '@thunderwatch/shared/schemas/wechat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_APP_ID,
  FAKE_APP_SECRET,
  type FakeWechatApi,
  startFakeWechatApi,
} from '../../../test/fake-wechat-api.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { wechatSignature } from './wechat-signature.js';
import { parseInbound } from './wechat-xml.js';

const TOKEN = 'thunderwatchCallbackToken2026';
const OFFICIAL_ACCOUNT = 'gh_e136c6e50636';

const FIXTURES = new URL('./fixtures/', import.meta.url);
/** A recorded WeChat push with the sender, scene, content and time of this test filled in. */
function fixture(name: string, fields: Record<string, string | number>): string {
  let xml = readFileSync(new URL(`${name}.xml`, FIXTURES), 'utf8');
  for (const [element, value] of Object.entries(fields)) {
    const cdata = new RegExp(`<${element}><!\\[CDATA\\[[^\\]]*\\]\\]></${element}>`);
    const plain = new RegExp(`<${element}>[^<]*</${element}>`);
    const replaced = cdata.test(xml)
      ? xml.replace(cdata, `<${element}><![CDATA[${value}]]></${element}>`)
      : xml.replace(plain, `<${element}>${value}</${element}>`);
    if (replaced === xml) throw new Error(`${name}.xml has no <${element}>`);
    xml = replaced;
  }
  return xml;
}

const openid = () => `oMgHV${randomBytes(17).toString('base64url').slice(0, 23)}`;

describe.each(DB_KINDS)('WeChat binding and callback (%s)', (kind) => {
  let fake: FakeWechatApi;
  let t: TestApp;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  beforeAll(async () => {
    fake = await startFakeWechatApi();
    t = await startTestApp(kind, {
      now,
      env: {
        WECHAT_API_BASE: fake.url,
        WECHAT_APP_ID: FAKE_APP_ID,
        WECHAT_APP_SECRET: FAKE_APP_SECRET,
        WECHAT_TOKEN: TOKEN,
        WECHAT_TEMPLATE_ID: 'tpl-warning',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const signed = (over: { timestamp?: number; token?: string } = {}) => {
    const timestamp = String(over.timestamp ?? Math.floor(now().getTime() / 1000));
    const nonce = String(randomBytes(4).readUInt32BE());
    const signature = wechatSignature(over.token ?? TOKEN, timestamp, nonce);
    return `signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`;
  };
  const push = (xml: string, from: string, query = signed()) =>
    t.call({
      method: 'POST',
      url: `/wechat/callback?${query}&openid=${from}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });
  const createdAt = () => Math.floor(now().getTime() / 1000);
  const scanQr = (from: string, scene: string) =>
    push(
      fixture('scan', {
        ToUserName: OFFICIAL_ACCOUNT,
        FromUserName: from,
        CreateTime: createdAt(),
        EventKey: scene,
      }),
      from,
    );
  const subscribeByQr = (from: string, scene: string) =>
    push(
      fixture('subscribe-qrscene', {
        ToUserName: OFFICIAL_ACCOUNT,
        FromUserName: from,
        CreateTime: createdAt(),
        EventKey: `qrscene_${scene}`,
      }),
      from,
    );
  const sendText = (from: string, content: string) =>
    push(
      fixture('text', {
        ToUserName: OFFICIAL_ACCOUNT,
        FromUserName: from,
        CreateTime: createdAt(),
        Content: content,
      }),
      from,
    );
  const binding = async (user: TestUser) =>
    (await t.call({ method: 'GET', url: '/api/wechat/binding', token: user.access })).json();
  /** Gets a code as `user` and answers the scene string WeChat was asked to put in the QR code. */
  const getCode = async (user: TestUser) => {
    const res = await t.call({ method: 'POST', url: '/api/wechat/binding_code', token: user.access });
    expect(res.statusCode).toBe(201);
    const scene = fake.qrCodes.at(-1)?.action_info.scene.scene_str as string;
    return { ...res.json(), scene } as WechatBindingCode & { scene: string };
  };

  describe('signature', () => {
    it("answers WeChat's echo check when the signature is right", async () => {
      const res = await t.call({
        method: 'GET',
        url: `/wechat/callback?${signed()}&echostr=4812295707165185047`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('4812295707165185047');
    });

    it('refuses a wrong signature and a signature made with another token', async () => {
      const query = signed().replace(/signature=[0-9a-f]{40}/, `signature=${'0'.repeat(40)}`);
      for (const q of [query, signed({ token: 'someone-else' })]) {
        const res = await t.call({ method: 'GET', url: `/wechat/callback?${q}&echostr=123` });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('wechat.bad_signature');
        expect(res.body).not.toContain('123"');
      }
    });

    it('refuses well-signed requests more than 5 minutes off the server clock (replays)', async () => {
      const nowSec = Math.floor(now().getTime() / 1000);
      // 20 s past the 5-minute window either way: the server's clock moves on while the request is made (by
      // over a second on a loaded machine, when 301 s ahead read as 299.x s and passed).
      for (const timestamp of [nowSec - 320, nowSec + 320]) {
        const res = await t.call({
          method: 'GET',
          url: `/wechat/callback?${signed({ timestamp })}&echostr=1`,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('wechat.stale_request');
      }
      const fresh = await t.call({
        method: 'GET',
        url: `/wechat/callback?${signed({ timestamp: nowSec - 290 })}&echostr=1`,
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('binds nothing from a push with a bad signature or a stale timestamp', async () => {
      const user = await t.createUser({ role: 'viewer' });
      const { scene } = await getCode(user);
      const who = openid();
      const xml = fixture('scan', { FromUserName: who, CreateTime: createdAt(), EventKey: scene });
      const forged = await push(xml, who, signed({ token: 'guess' }));
      expect(forged.statusCode).toBe(403);
      const stale = await push(xml, who, signed({ timestamp: Math.floor(now().getTime() / 1000) - 600 }));
      expect(stale.statusCode).toBe(403);
      expect(await binding(user)).toEqual({ configured: true, bound: false });
      // The key still works once WeChat's own, fresh push arrives.
      expect((await push(xml, who)).statusCode).toBe(200);
      expect((await binding(user)).bound).toBe(true);
    });
  });

  describe('binding', () => {
    it('binds by scanning the QR code before following the account (subscribe with a scene)', async () => {
      const user = await t.createUser({ role: 'operator' });
      expect(await binding(user)).toEqual({ configured: true, bound: false });
      const code = await getCode(user);
      expect(code.qr_url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
      expect(Date.parse(code.expires_at) - now().getTime()).toBeGreaterThan(9.9 * 60_000);
      expect(Date.parse(code.expires_at) - now().getTime()).toBeLessThanOrEqual(10 * 60_000);
      expect(code.expires_in).toBe(600);
      expect(fake.qrCodes.at(-1)).toMatchObject({ expire_seconds: 600, action_name: 'QR_STR_SCENE' });
      expect(code.binding_code.replaceAll('-', '')).toBe(code.scene);
      expect(code.scene).toMatch(/^[0-9A-Z]{26}$/);

      const who = openid();
      const res = await subscribeByQr(who, code.scene);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      const reply = parseInbound(res.body);
      expect(reply).toMatchObject({ toUser: who, fromUser: OFFICIAL_ACCOUNT, msgType: 'text' });
      expect(reply?.content).toContain('已绑定');

      const after = await binding(user);
      expect(after).toMatchObject({
        configured: true,
        bound: true,
        openid_masked: `${who.slice(0, 4)}…${who.slice(-4)}`,
      });
      expect(Date.parse(after.bound_at)).toBeGreaterThan(now().getTime() - 60_000);
      expect(JSON.stringify(after)).not.toContain(who);
    });

    it('binds by scanning when already following (SCAN), once: the key is used up', async () => {
      const user = await t.createUser({ role: 'viewer' });
      const { scene } = await getCode(user);
      const who = openid();
      expect((await scanQr(who, scene)).statusCode).toBe(200);
      expect((await binding(user)).bound).toBe(true);

      const intruder = openid();
      const again = await scanQr(intruder, scene);
      expect(again.statusCode).toBe(200);
      expect(parseInbound(again.body)?.content).toContain('无效或已过期');
      expect((await binding(user)).openid_masked).toBe(`${who.slice(0, 4)}…${who.slice(-4)}`);
    });

    it('binds by sending the code as a message, typed loosely', async () => {
      const user = await t.createUser({ role: 'viewer' });
      const { binding_code } = await getCode(user);
      const res = await sendText(openid(), ` ${binding_code.toLowerCase()} `);
      expect(parseInbound(res.body)?.content).toContain('已绑定');
      expect((await binding(user)).bound).toBe(true);
    });

    it('refuses a key after its 10 minutes', async () => {
      const user = await t.createUser({ role: 'viewer' });
      const { scene } = await getCode(user);
      offsetMs += 10 * 60_000 + 1000;
      try {
        const res = await scanQr(openid(), scene);
        expect(res.statusCode).toBe(200);
        expect(parseInbound(res.body)?.content).toContain('无效或已过期');
        expect((await binding(user)).bound).toBe(false);
      } finally {
        offsetMs = 0;
      }
    });

    it("refuses a user's earlier key once a new one is made", async () => {
      const user = await t.createUser({ role: 'viewer' });
      const first = await getCode(user);
      const second = await getCode(user);
      expect(second.scene).not.toBe(first.scene);
      await scanQr(openid(), first.scene);
      expect((await binding(user)).bound).toBe(false);
      await scanQr(openid(), second.scene);
      expect((await binding(user)).bound).toBe(true);
    });

    it('moves an openid bound to one user to the user who binds it next', async () => {
      const alice = await t.createUser({ role: 'viewer' });
      const bob = await t.createUser({ role: 'viewer' });
      const who = openid();
      await scanQr(who, (await getCode(alice)).scene);
      await scanQr(who, (await getCode(bob)).scene);
      expect((await binding(alice)).bound).toBe(false);
      expect((await binding(bob)).bound).toBe(true);
    });

    it('unbinds when the user stops following the official account', async () => {
      const user = await t.createUser({ role: 'viewer' });
      const who = openid();
      await scanQr(who, (await getCode(user)).scene);
      expect((await binding(user)).bound).toBe(true);
      const res = await push(fixture('unsubscribe', { FromUserName: who, CreateTime: createdAt() }), who);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('success');
      expect((await binding(user)).bound).toBe(false);
    });

    it("keeps one user's binding out of another's sight and reach", async () => {
      const owner = await t.createUser({ role: 'group_admin' });
      const other = await t.createUser({ role: 'group_admin' });
      await scanQr(openid(), (await getCode(owner)).scene);
      expect((await binding(other)).bound).toBe(false);
      const removed = await t.call({ method: 'DELETE', url: '/api/wechat/binding', token: other.access });
      expect(removed.json()).toEqual({ status: 'ok' });
      expect((await binding(owner)).bound).toBe(true);
      expect((await binding(t.admin)).bound).toBe(false);

      const mine = await t.call({ method: 'DELETE', url: '/api/wechat/binding', token: owner.access });
      expect(mine.statusCode).toBe(200);
      expect((await binding(owner)).bound).toBe(false);
    });

    it('acknowledges pushes unrelated to binding with "success", and stores nothing from them', async () => {
      const who = openid();
      const plain = await push(fixture('subscribe', { FromUserName: who, CreateTime: createdAt() }), who);
      const chat = await sendText(who, '今天会打雷吗');
      const garbage = await push('<xml><oops', who);
      for (const res of [plain, chat, garbage]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toBe('success');
      }
      const stored = await t.db.query('SELECT 1 FROM wechat_bindings WHERE openid = $1', [who]);
      expect(stored.rowCount).toBe(0);
    });

    it('refuses an oversized push', async () => {
      const who = openid();
      const res = await push(`<xml><Content><![CDATA[${'x'.repeat(70_000)}]]></Content></xml>`, who);
      expect(res.statusCode).toBe(413);
    });

    it('needs a signed-in user for the binding routes', async () => {
      for (const [method, url] of [
        ['GET', '/api/wechat/binding'],
        ['POST', '/api/wechat/binding_code'],
        ['DELETE', '/api/wechat/binding'],
      ] as const) {
        expect((await t.call({ method, url })).statusCode).toBe(401);
      }
    });
  });
});

describe.each(DB_KINDS)('WeChat binding on a server without WeChat (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('says WeChat is not configured and makes no code', async () => {
    const status = await t.call({ method: 'GET', url: '/api/wechat/binding', token: t.admin.access });
    expect(status.json()).toEqual({ configured: false, bound: false });
    const code = await t.call({ method: 'POST', url: '/api/wechat/binding_code', token: t.admin.access });
    expect(code.statusCode).toBe(503);
    expect(code.json().error.code).toBe('wechat.not_configured');
    const check = await t.call({
      method: 'GET',
      url: '/wechat/callback?signature=x&timestamp=1&nonce=1&echostr=1',
    });
    expect(check.statusCode).toBe(503);
  });
});

describe.each(DB_KINDS)('WeChat binding when WeChat refuses (%s)', (kind) => {
  let fake: FakeWechatApi;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeWechatApi();
    t = await startTestApp(kind, {
      env: {
        WECHAT_API_BASE: fake.url,
        WECHAT_APP_ID: FAKE_APP_ID,
        WECHAT_APP_SECRET: 'a-secret-that-was-rotated-away',
        WECHAT_TOKEN: TOKEN,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 502 naming WeChat, without the secret', async () => {
    const res = await t.call({ method: 'POST', url: '/api/wechat/binding_code', token: t.admin.access });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('wechat.unavailable');
    expect(res.json().error.message).toContain('40125');
    expect(res.body).not.toContain('rotated-away');
    const keys = await t.db.query('SELECT 1 FROM wechat_binding_keys');
    expect(keys.rowCount).toBe(0);
  });
});
