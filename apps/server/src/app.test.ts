import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from './test/harness.js';

describe.each(DB_KINDS)('request handling, errors and open endpoints (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: {
        CORS_ORIGINS: 'https://wall.example.com',
        COMPANY_TITLES: JSON.stringify({ gz: { 'zh-Hans': '广州雷电预警', en: 'Guangzhou Lightning' } }),
      },
    });
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 request.malformed_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('request.malformed_json');
  });

  it('names wrong types, missing and unknown fields', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login', payload: { username: 5, extra: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'extra', message: 'is not a known field' },
        { field: 'password', message: 'is required' },
      ]),
    );
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a', password: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('request.too_large');
  });

  it('hides internals of server errors', async () => {
    await t.db.query('ALTER TABLE groups RENAME TO groups_away');
    try {
      const res = await t.call({ method: 'GET', url: '/api/group_list/', token: t.admin.access });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'server.internal', message: 'Internal server error' } });
      expect(res.body).not.toMatch(/groups|stack|at /);
    } finally {
      await t.db.query('ALTER TABLE groups_away RENAME TO groups');
    }
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const pre = (origin: string) =>
      t.call({
        method: 'OPTIONS',
        url: '/api/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await pre('https://wall.example.com')).headers['access-control-allow-origin']).toBe(
      'https://wall.example.com',
    );
    expect((await pre('https://evil.example.com')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/docs/openapi.json',
      token: t.admin.access,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.call({ method: 'GET', url: '/api/docs/openapi.json', token: t.admin.access });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/comp_info' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the title for the host label, the default otherwise', async () => {
    const gz = await t.call({ method: 'GET', url: '/api/comp_info', headers: { host: 'gz.example.com' } });
    expect(gz.json()).toEqual({
      label: 'gz',
      title: { 'zh-Hans': '广州雷电预警', en: 'Guangzhou Lightning' },
      logo: null,
    });
    const other = await t.call({
      method: 'GET',
      url: '/api/comp_info',
      headers: { host: 'www.example.com:8000' },
    });
    expect(other.json().title.en).toBe('Thunderwatch Lightning Warning');
  });

  it('takes the language as form data (urlencoded or multipart) and stores it for a signed-in user', async () => {
    const anon = await t.call({
      method: 'POST',
      url: '/language/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=en',
    });
    expect(anon.json()).toEqual({ status: 'ok', lang: 'en' });
    const u = await t.createUser({ role: 'viewer' });
    const boundary = '----tw';
    const multipart = await t.call({
      method: 'POST',
      url: '/language/',
      token: u.access,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen\r\n--${boundary}--\r\n`,
    });
    expect(multipart.json()).toEqual({ status: 'ok', lang: 'en' });
    expect((await t.call({ method: 'GET', url: '/api/user_data', token: u.access })).json().language).toBe(
      'en',
    );
    const bad = await t.call({
      method: 'POST',
      url: '/language',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=fr',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('lang');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope', token: t.admin.access });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('route.not_found');
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const doc = (
      await t.call({ method: 'GET', url: '/api/docs/openapi.json', token: t.admin.access })
    ).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/access_log', '/api/group_user_list/']),
    );
  });
});
