import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness.js';

/** Cases per property here; a failing case is shrunk and printed with its seed. */
const RUNS = Number(process.env.HTTP_FUZZ_RUNS ?? 300);

const raw = fc.constantFrom(
  '%00',
  '%',
  '%ZZ',
  '%E4%B8',
  '1e308',
  '-1e309',
  'Infinity',
  'NaN',
  '1e-300',
  '99999999999999999999',
  '-1',
  '0',
  '',
  'true',
  '[]',
  '2026-13-45T99:99:99Z',
);
const encoded = fc
  .oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.double().map(String))
  .map(encodeURIComponent);
const value = fc.oneof(raw, encoded);

const body = fc.oneof(
  fc.record({
    type: fc.constant('application/json'),
    payload: fc.jsonValue({ maxDepth: 3 }).map(JSON.stringify),
  }),
  fc.record({ type: fc.constant('application/json'), payload: fc.string({ maxLength: 60 }) }),
  fc.record({
    type: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=xx',
    ),
    payload: fc.string({ maxLength: 60 }),
  }),
);

describe.each(DB_KINDS)('random requests to every route (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** Every route but signing out (it would end the session the other cases use). */
  const routes = () =>
    t.app.routeTable.filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*') && !r.url.includes('logout'),
    );

  const keysOf = (schema: unknown) =>
    Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});

  it('never answers 500 (or another undocumented 5xx); errors come in the documented shape', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    const request = fc.record({
      route: fc.nat({ max: all.length - 1 }).map((i) => {
        const r = all[i] as (typeof all)[number];
        // Shown in a counterexample as method and path only.
        return Object.defineProperty({ ...r }, 'toString', { value: () => `${r.method} ${r.url}` });
      }),
      pathValue: value,
      query: fc.array(fc.tuple(fc.oneof(fc.nat({ max: 20 }), fc.string({ maxLength: 8 })), value), {
        maxLength: 4,
      }),
      body,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, pathValue, query, body: b }) => {
        const names = keysOf(route.schema?.querystring);
        const qs = query
          .map(
            ([k, v]) =>
              `${typeof k === 'number' ? (names[k % Math.max(names.length, 1)] ?? 'x') : encodeURIComponent(k)}=${v}`,
          )
          .join('&');
        const url = `${route.url.replace(/:(\w+)/g, pathValue || '1')}${qs ? `?${qs}` : ''}`;
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await t.call({
          method: route.method as 'GET',
          url,
          token: t.admin.access,
          ...(withBody ? { headers: { 'content-type': b.type }, payload: b.payload } : {}),
        });
        const what = `${route.method} ${url} ${withBody ? b.payload : ''}: ${res.body}`;
        // 503 is a documented answer (a feature not configured, overload); 500 and other 5xx never are.
        const documented503 = res.statusCode === 503 && res.json().error?.code !== 'server.internal';
        if (!documented503) expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
          expect(typeof res.json().error?.code, what).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
