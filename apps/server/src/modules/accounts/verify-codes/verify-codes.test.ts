import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { manualClock, RecordingSms } from '../../../test/recording-sms.js';
import { HttpSmsProvider } from '../../notify/sms/http-sms-provider.js';

let phoneSeq = 0;
const nextPhone = () =>
  `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

describe.each(DB_KINDS)('verify codes: phone login and password reset (%s)', (kind) => {
  let t: TestApp;
  const sms = new RecordingSms();
  const clock = manualClock();
  beforeAll(async () => {
    t = await startTestApp(kind, { sms, now: clock.now });
  });
  afterAll(() => t.close());

  const send = (phone: string, purpose = 'login') =>
    t.call({ method: 'POST', url: '/api/verify_code', payload: { phone, purpose } });
  const check = (phone: string, code: string, purpose = 'login') =>
    t.call({ method: 'POST', url: '/api/check_verify_code', payload: { phone, code, purpose } });

  it('sends a 6-digit code in the user language and logs the user in with it once', async () => {
    const phone = nextPhone();
    await t.createUser({ role: 'viewer', phone });
    const res = await send(phone);
    expect(res.json()).toEqual({ sent: true, resend_after: 60 });
    expect(sms.sent.at(-1)?.message).toMatch(/验证码是 \d{6}/);
    const code = sms.lastCode(phone);
    const login = await check(phone, code);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.phone).toBe(phone);
    expect(
      (await t.call({ method: 'GET', url: '/api/user_data', token: login.json().access })).statusCode,
    ).toBe(200);
    expect((await check(phone, code)).json().error.code).toBe('verify_code.invalid');
  });

  it('allows one send per phone per 60 s', async () => {
    const phone = nextPhone();
    await send(phone);
    clock.advance(30_000);
    const again = await send(phone, 'reset_password');
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('verify_code.too_soon');
    expect(again.headers['retry-after']).toBe('30');
    clock.advance(30_000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('expires codes after 5 minutes', async () => {
    const phone = nextPhone();
    await t.createUser({ role: 'viewer', phone });
    await send(phone);
    clock.advance(5 * 60_000);
    expect((await check(phone, sms.lastCode(phone))).json().error.code).toBe('verify_code.expired');
  });

  it('gives 5 attempts, then the code is dead even if right', async () => {
    const phone = nextPhone();
    await t.createUser({ role: 'viewer', phone });
    await send(phone);
    const code = sms.lastCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await check(phone, wrong)).json().error.code).toBe('verify_code.invalid');
    expect((await check(phone, code)).json().error.code).toBe('verify_code.too_many_attempts');
  });

  it('answers an unknown phone the same way but sends nothing', async () => {
    const phone = nextPhone();
    const before = sms.sent.length;
    expect((await send(phone)).json()).toEqual({ sent: true, resend_after: 60 });
    expect(sms.sent.length).toBe(before);
  });

  it('stores codes only as keyed hashes', async () => {
    const rows = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM verify_codes');
    for (const r of rows.rows) expect(r.code_hash).not.toMatch(/^\d{6}$/);
  });

  it('resets a forgotten password with a code and signs out every session', async () => {
    const phone = nextPhone();
    const u = await t.createUser({ role: 'operator', phone });
    clock.advance(61_000);
    await send(phone, 'reset_password');
    const code = sms.lastCode(phone);
    expect((await check(phone, code, 'reset_password')).json()).toEqual({ valid: true });
    const weak = await t.call({
      method: 'POST',
      url: '/api/reset_password',
      payload: { phone, code, password: 'abcdefgh' },
    });
    expect(weak.json().error.code).toBe('password.too_weak');
    const ok = await t.call({
      method: 'POST',
      url: '/api/reset_password',
      payload: { phone, code, password: 'Fresh1234' },
    });
    expect(ok.json()).toEqual({ status: 'ok' });
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: u.access })).statusCode).toBe(401);
    await t.login(u.username, 'Fresh1234');
    const reuse = await t.call({
      method: 'POST',
      url: '/api/reset_password',
      payload: { phone, code, password: 'Other1234' },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('validates phone and code formats', async () => {
    const res = await send('12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('phone');
    const bad = await check(nextPhone(), '12345');
    expect(bad.json().error.details[0].field).toBe('code');
  });

  it('lets admins read the development SMS outbox, nobody else', async () => {
    const viewer = await t.createUser({ role: 'viewer' });
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/sms_outbox', token: viewer.access })).statusCode,
    ).toBe(403);
    const res = await t.call({ method: 'GET', url: '/api/admin/sms_outbox', token: t.admin.access });
    expect(res.json().total).toBeGreaterThan(0);
    expect(res.json().items[0]).toMatchObject({ provider: 'test', status: 'sent' });
  });
});

describe('HTTP SMS gateway provider', () => {
  const received: { auth?: string; body: string }[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body });
      res.writeHead(status).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts {to, message} with basic auth', async () => {
    await new HttpSmsProvider({ url, username: 'u', password: 'p' }).send('13800000000', 'hello');
    expect(received.at(-1)).toEqual({
      auth: `Basic ${Buffer.from('u:p').toString('base64')}`,
      body: JSON.stringify({ to: '13800000000', message: 'hello' }),
    });
  });

  it('fails with sms.send_failed on a gateway error or when unreachable', async () => {
    status = 500;
    await expect(
      new HttpSmsProvider({ url, username: null, password: null }).send('1', 'x'),
    ).rejects.toMatchObject({
      code: 'sms.send_failed',
    });
    await expect(
      new HttpSmsProvider({ url: 'http://127.0.0.1:1/none', username: null, password: null }).send('1', 'x'),
    ).rejects.toMatchObject({ code: 'sms.send_failed' });
  });
});
