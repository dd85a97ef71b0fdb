import { OPEN_API_ROUTES } from '@thunderwatch/shared/open-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness.js';
import { isOpenRoute } from './auth.js';

describe.each(DB_KINDS)('authentication of every route (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    t.app.routeTable.filter(
      (r) => /^\/(api|auth|language)(\/|$)/.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );

  it('knows the routes of this issue', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls).toContain('GET /api/access_log');
  });

  it('opens exactly the open paths (OPEN_API_ROUTES), no more', () => {
    const open = [
      ...new Set(
        apiRoutes()
          .filter((r) => isOpenRoute(r.url))
          .map((r) => r.url),
      ),
    ].sort();
    expect(open).toEqual([...OPEN_API_ROUTES].sort());
  });

  it('answers 401 on every other route without a token, with a bad token and with a forged one', async () => {
    const closed = apiRoutes().filter((r) => !isOpenRoute(r.url));
    for (const r of closed) {
      const url = r.url.replace(/:(\w+)/g, '1');
      for (const authorization of [undefined, 'Bearer nonsense', 'Basic YWRtaW46eA==']) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${r.method} ${url} with ${authorization}`).toBe(401);
        // Feeds authenticate with their own keys; user tokens open nothing there.
        expect(res.json().error.code).toEqual(
          url.startsWith('/api/ingest/') ? 'feed.invalid_key' : expect.stringMatching(/^auth\./),
        );
      }
    }
  });

  it('rejects an expired access token and a token of a revoked session', async () => {
    const { SignJWT } = await import('jose');
    const secret = (
      await t.db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'jwt_secret'")
    ).rows[0]?.value;
    const claims = JSON.parse(Buffer.from(t.admin.access.split('.')[1] as string, 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(secret));
    const res = await t.call({ method: 'GET', url: '/api/user_data', token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth.invalid_token');

    const u = await t.createUser({ role: 'viewer' });
    expect(
      (await t.call({ method: 'POST', url: '/api/logout', token: u.access, payload: {} })).statusCode,
    ).toBe(200);
    const after = await t.call({ method: 'GET', url: '/api/user_data', token: u.access });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('auth.session_revoked');
  });

  it('accepts paths with and without the trailing slash', async () => {
    for (const url of ['/api/roles', '/api/roles/', '/api/group_list', '/api/group_list/']) {
      expect((await t.call({ method: 'GET', url, token: t.admin.access })).statusCode, url).toBe(200);
    }
  });
});
