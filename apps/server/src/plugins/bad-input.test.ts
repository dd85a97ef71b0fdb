import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app.js';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness.js';

/** Values that used to reach PostgreSQL and fail there with 500. */
const BAD_VALUES = [
  '1e308',
  '1e-300',
  'Infinity',
  '1e+21',
  '-1e309',
  '-Infinity',
  '99999999999999999999',
  'NaN',
  '%00',
];

function propertiesOf(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

const isApi = (r: RouteEntry) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*');

describe.each(DB_KINDS)('bad input on every route (%s)', (kind) => {
  let t: TestApp;
  let feedKey: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    feedKey = await t.createFeed('bad-input');
  });
  afterAll(() => t.close());

  /** What is wrong with an answer to a bad value of `name`, or null: a 5xx, or a 400 that does not name it. */
  const problemOf = (res: { statusCode: number; body: string }, name: string): string | null => {
    if (res.statusCode >= 500) return `${res.statusCode} ${res.body}`;
    if (res.statusCode < 400) return null;
    const error = JSON.parse(res.body).error;
    if (typeof error?.code !== 'string') return `no error code: ${res.body}`;
    const named = error.message.includes(name) || / is required/.test(error.message);
    if (error.code === 'validation.failed' && !named) return `${name} not named: ${error.message}`;
    return null;
  };

  it('answers the issue’s examples with 400 naming the parameter', async () => {
    for (const url of [
      '/api/group_list/?offset=1e308',
      '/api/group_list/?limit=Infinity',
      '/api/alert_hist/?location_id=1e%2B21',
      '/api/locations/?q=%00',
      '/api/lightning_process/?id=-1e309',
      '/api/locations/1e308',
    ]) {
      const res = await t.call({ method: 'GET', url, token: t.admin.access });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      const name = /[?&](\w+)=/.exec(url)?.[1] ?? 'id';
      expect(res.json().error.message).toContain(name);
    }
  });

  it('answers no 5xx for out-of-range numbers or NUL in any query or path parameter', async () => {
    const routes = t.app.routeTable.filter(isApi);
    let requests = 0;
    const problems: string[] = [];
    const check = (res: { statusCode: number; body: string }, name: string, what: string) => {
      const problem = problemOf(res, name);
      if (problem) problems.push(`${what}: ${problem}`);
    };
    for (const r of routes) {
      const params = propertiesOf(r.schema?.params);
      const query = r.method === 'GET' ? propertiesOf(r.schema?.querystring) : [];
      for (const value of BAD_VALUES) {
        for (const p of params) {
          const url = r.url.replace(`:${p}`, value).replace(/:(\w+)/g, '1');
          const res = await t.call({ method: r.method as 'GET', url, token: t.admin.access });
          check(res, p, `${r.method} ${url}`);
          requests++;
        }
        for (const q of query) {
          const url = `${r.url.replace(/:(\w+)/g, '1')}?${q}=${value}`;
          const res = await t.call({ method: 'GET', url, token: t.admin.access });
          check(res, q, `GET ${url}`);
          requests++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(300);
    // About 2,000 requests in turn: seconds on a quiet machine, half a minute on a loaded one.
  }, 120_000);

  it('answers numbers beyond the columns in a JSON body with 400', async () => {
    for (const payload of [
      '{"name":"big","zone_id":1e21}',
      '{"name":"inf","zone_id":-1e309}',
      '{"name":"huge","shape":{"type":"Point","coordinates":[1e308,1]}}',
      '{"name":"ring","shape":{"type":"Point","coordinates":[113,23]},"rings":[{"radius_km":1e-300,"level":1,"all_clear_min":1e21,"min_strokes":1,"window_min":5,"include_ic":true}]}',
    ]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: t.admin.access,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(['validation.failed', 'location.invalid_shape', 'location.invalid_rings']).toContain(
        res.json().error.code,
      );
    }
  });

  it('answers "Infinity" sent as a string for a number in any JSON body with 400 naming the field', async () => {
    // Ajv coerces the string to Infinity and then skips the range keywords.
    const examples: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/warning/alarm_confirm', { id: 'Infinity' }, 'id'],
      ['POST', '/api/change_role', { user_id: 'Infinity', role: 'viewer' }, 'user_id'],
      ['POST', '/api/admin/reset_password', { user_id: '-Infinity' }, 'user_id'],
    ];
    const numeric = (schema: unknown) =>
      Object.entries((schema as { properties?: Record<string, { type?: unknown }> })?.properties ?? {})
        .filter(([, s]) => s.type === 'number' || s.type === 'integer')
        .map(([name]) => name);
    for (const r of t.app.routeTable.filter(isApi)) {
      if (r.method === 'GET' || r.method === 'DELETE') continue;
      for (const name of numeric(r.schema?.body)) {
        examples.push([r.method, r.url.replace(/:(\w+)/g, '1'), { [name]: '-Infinity' }, name]);
      }
    }
    const problems: string[] = [];
    for (const [method, url, payload, name] of examples) {
      const res = await t.call({ method: method as 'POST', url, token: t.admin.access, payload });
      const what = `${method} ${url} ${JSON.stringify(payload)}`;
      if (res.statusCode >= 500) problems.push(`${what}: ${res.statusCode} ${res.body}`);
      else if (res.statusCode === 400 && res.json().error.code === 'validation.failed') {
        if (!res.json().error.message.includes(name))
          problems.push(`${what}: ${name} not named: ${res.body}`);
      }
    }
    expect(problems).toEqual([]);
    expect(examples.length).toBeGreaterThan(20);
    for (const [method, url, payload, name] of examples.slice(0, 3)) {
      const res = await t.call({ method: method as 'POST', url, token: t.admin.access, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details).toEqual([{ field: name, message: 'must be a finite number' }]);
    }
  });

  it('refuses a NUL in a JSON string with 400 naming the field, open routes included', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().error.details).toEqual([
      { field: 'username', message: 'must not contain the NUL character (\\u0000)' },
    ]);
    const loc = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: t.admin.access,
      payload: { name: 'a\u0000', lat: 23, lon: 113 },
    });
    expect(loc.statusCode).toBe(400);
    expect(loc.json().error.message).toContain('name');
  });

  it('answers a malformed multipart body with 400 or 415 on every POST, open routes included', async () => {
    const posts = t.app.routeTable.filter((r) => isApi(r) && ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(posts.length).toBeGreaterThan(20);
    for (const r of posts) {
      const url = r.url.replace(/:(\w+)/g, '1');
      const res = await t.call({
        method: r.method as 'POST',
        url,
        token: t.admin.access,
        headers: { 'content-type': 'multipart/form-data; boundary=xx', 'x-feed-key': feedKey },
        payload: 'hello',
      });
      expect(res.statusCode, `${r.method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      payload: 'hello',
    });
    expect(open.statusCode).toBe(400);
    expect(open.json()).toEqual({
      error: { code: 'request.invalid', message: 'Body is not valid multipart/form-data' },
    });
  });
});

describe('a URL over 16 KB (Node refuses it before Fastify)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers 431 in the documented error shape with Connection: close, and closes the socket', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`GET /api/comp_info?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await closed;
    const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({
      error: { code: 'request.too_large', message: 'URL and headers are larger than allowed (16 KB)' },
    });
  });
});
