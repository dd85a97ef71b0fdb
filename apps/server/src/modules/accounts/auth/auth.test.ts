import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

describe.each(DB_KINDS)('sign-in, tokens and sessions (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in by username (any case) or phone and returns the user with permissions', async () => {
    const u = await t.createUser({ role: 'operator', phone: '13800000001' });
    for (const login of [u.username, u.username.toUpperCase(), '13800000001']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/login',
        payload: { username: login, password: u.password },
      });
      expect(res.statusCode, login).toBe(200);
      const body = res.json();
      expect(body.user.username).toBe(u.username);
      expect(body.user.permissions).toContain('alarm.confirm');
      expect(body.user.permissions).not.toContain('user.manage');
      expect(body.access.split('.')).toHaveLength(3);
    }
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const a = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'wrong1234' },
    });
    const b = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody', password: 'wrong1234' },
    });
    expect([a.statusCode, b.statusCode]).toEqual([401, 401]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().error.code).toBe('auth.invalid_credentials');
  });

  it('locks an account+IP out after 10 failures in 15 minutes with Retry-After, other IPs unaffected', async () => {
    const u = await t.createUser({ role: 'viewer' });
    const attempt = (password: string, ip = '10.9.9.9') =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { username: u.username, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('bad-password1')).statusCode).toBe(401);
    const locked = await attempt(u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('auth.too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await attempt(u.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('refuses a disabled user even with the right password', async () => {
    const u = await t.createUser({ role: 'viewer' });
    await t.call({
      method: 'PATCH',
      url: `/api/group_user_list/${u.id}`,
      token: t.admin.access,
      payload: { disabled: true },
    });
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.username, password: u.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth.user_disabled');
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: u.access })).statusCode).toBe(401);
  });

  it('rotates refresh tokens; reusing an old one ends the whole session', async () => {
    const u = await t.login(ADMIN.username, ADMIN.password);
    const first = await t.call({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refresh: u.refresh },
    });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh).not.toBe(u.refresh);
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: pair.access })).statusCode).toBe(200);

    const reuse = await t.call({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refresh: u.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('auth.refresh_reused');
    // The family is revoked: the newest refresh token and the access token die too.
    const next = await t.call({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refresh: pair.refresh },
    });
    expect(next.json().error.code).toBe('auth.invalid_refresh');
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: pair.access })).statusCode).toBe(401);
  });

  it('rejects unknown refresh tokens and bad bodies', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/token/refresh', payload: { refresh: 'made-up' } });
    expect(res.statusCode).toBe(401);
    const bad = await t.call({ method: 'POST', url: '/auth/token/refresh', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'refresh', message: 'is required' }]);
  });

  it('logout ends the session and its refresh token', async () => {
    const u = await t.login(ADMIN.username, ADMIN.password);
    expect(
      (await t.call({ method: 'POST', url: '/api/logout', token: u.access, payload: {} })).json(),
    ).toEqual({
      status: 'ok',
    });
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: u.access })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/auth/token/refresh', payload: { refresh: u.refresh } }))
        .statusCode,
    ).toBe(401);
  });

  it('changing the password keeps this session and signs out the others', async () => {
    const u = await t.createUser({ role: 'operator' });
    const other = await t.login(u.username, u.password);
    const weak = await t.call({
      method: 'POST',
      url: '/api/change_password',
      token: u.access,
      payload: { old_password: u.password, new_password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password.too_weak');
    const wrong = await t.call({
      method: 'POST',
      url: '/api/change_password',
      token: u.access,
      payload: { old_password: 'Wrong0000', new_password: 'NewPassw0rd' },
    });
    expect(wrong.json().error.code).toBe('auth.wrong_password');
    const ok = await t.call({
      method: 'POST',
      url: '/api/change_password',
      token: u.access,
      payload: { old_password: u.password, new_password: 'NewPassw0rd' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: u.access })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: other.access })).statusCode).toBe(
      401,
    );
    await expect(t.login(u.username, u.password)).rejects.toThrow(/401/);
    await t.login(u.username, 'NewPassw0rd');
  });

  it('stores passwords as salted scrypt hashes only', async () => {
    const rows = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users')).rows;
    // At the configured cost (the tests' is low; passwords.test.ts covers the production default, 2^15).
    const n = 2 ** t.config.passwordHashLog2N;
    for (const r of rows)
      expect(r.password_hash).toMatch(new RegExp(`^scrypt\\$${n}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(new Set(rows.map((r) => r.password_hash.split('$')[4])).size).toBe(rows.length);
  });
});
