import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { type ApiClientConfig, createApiClient } from './api-client';
import { ApiError } from './api-error';
import { fakeFetch, fakeJwt, jsonResponse, MemoryStorage, type RecordedCall } from './test-fakes';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const ORIGIN = 'https://portal.example.org';
const PRODUCTION = 'https://thunderwatch.example.com';

let storage: MemoryStorage;
let logger: { error: Mock<(...args: unknown[]) => void> };

beforeEach(() => {
  storage = new MemoryStorage();
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
});

afterEach(() => {
  vi.restoreAllMocks();
});

function makeClient(
  handler: (call: RecordedCall) => Response | Promise<Response>,
  extra: ApiClientConfig = {},
) {
  const fake = fakeFetch(handler);
  const client = createApiClient({
    fetch: fake.fetch,
    storage: () => storage,
    origin: () => ORIGIN,
    productionOrigin: PRODUCTION,
    now: () => NOW,
    logger,
    ...extra,
  });
  return { client, calls: fake.calls };
}

const isRefresh = (call: RecordedCall) => call.url.endsWith('/auth/token/refresh');

describe('token refresh', () => {
  it('runs one refresh for five concurrent calls with an expired token, and all of them use the new token', async () => {
    storage.setItem('access', fakeJwt(NOW, -60));
    storage.setItem('refresh', 'refresh-1');
    const newAccess = fakeJwt(NOW, 900, 'new');
    const { client, calls } = makeClient(async (call) => {
      if (isRefresh(call)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return jsonResponse({ access: newAccess, refresh: 'refresh-2' });
      }
      return jsonResponse({ ok: true });
    });

    const results = await Promise.all(Array.from({ length: 5 }, () => client.get('/api/user_data')));

    expect(results).toHaveLength(5);
    const refreshes = calls.filter(isRefresh);
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]?.body ?? '{}')).toEqual({ refresh: 'refresh-1' });
    const apiCalls = calls.filter((call) => !isRefresh(call));
    expect(apiCalls).toHaveLength(5);
    for (const call of apiCalls) expect(call.headers.authorization).toBe(`Bearer ${newAccess}`);
    expect(storage.getItem('access')).toBe(newAccess);
    expect(storage.getItem('refresh')).toBe('refresh-2');
  });

  it('refreshes once for two tabs whose tokens expired together, the second taking the pair the first stored', async () => {
    storage.setItem('access', fakeJwt(NOW, -60));
    storage.setItem('refresh', 'refresh-1');
    // One lock for the origin, as navigator.locks gives every tab.
    let held: Promise<unknown> = Promise.resolve();
    const locks = {
      request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
        const run = held.then(callback);
        held = run.catch(() => {});
        return run;
      },
    };
    const used = new Set<string>();
    const server = async (call: RecordedCall) => {
      if (!isRefresh(call)) return jsonResponse({ ok: true });
      const { refresh } = JSON.parse(call.body ?? '{}') as { refresh: string };
      // The server ends the session when a refresh token comes twice.
      if (used.has(refresh)) return jsonResponse({ error: { code: 'auth.refresh_reused' } }, 401);
      used.add(refresh);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return jsonResponse({ access: fakeJwt(NOW, 900, 'new'), refresh: `${refresh}-next` });
    };
    const tab1 = makeClient(server, { locks });
    const tab2 = makeClient(server, { locks });
    await Promise.all([tab1.client.get('/api/user_data'), tab2.client.get('/api/warning')]);
    expect([...tab1.calls, ...tab2.calls].filter(isRefresh)).toHaveLength(1);
    expect(storage.getItem('refresh')).toBe('refresh-1-next');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('treats a token expiring within 10 seconds as expired', async () => {
    storage.setItem('access', fakeJwt(NOW, 5));
    storage.setItem('refresh', 'r');
    const { client, calls } = makeClient((call) =>
      isRefresh(call) ? jsonResponse({ access: fakeJwt(NOW, 900), refresh: 'r2' }) : jsonResponse({}),
    );
    await client.get('/api/user_data');
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('sends a fresh token without refreshing', async () => {
    const access = fakeJwt(NOW, 600);
    storage.setItem('access', access);
    storage.setItem('refresh', 'r');
    const { client, calls } = makeClient(() => jsonResponse({}));
    await client.get('/api/user_data');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${access}`);
  });

  it('without a refresh token sends nothing and yields an empty result', async () => {
    const { client, calls } = makeClient(() => jsonResponse({}));
    await expect(client.refresh()).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('does not send an authenticated call when there is no token at all, and reports the session gone', async () => {
    const { client, calls } = makeClient(() => jsonResponse({}));
    const unauthenticated = vi.fn();
    client.onUnauthenticated(unauthenticated);
    const error = await client.get('/api/user_data').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('auth.missing_token');
    expect(calls).toHaveLength(0);
    expect(unauthenticated).toHaveBeenCalledTimes(1);
  });

  it('logs a failed refresh, yields null, clears the tokens and emits unauthenticated', async () => {
    storage.setItem('access', fakeJwt(NOW, -1));
    storage.setItem('refresh', 'stale');
    const { client } = makeClient(() =>
      jsonResponse({ error: { code: 'auth.invalid_refresh', message: 'no' } }, 401),
    );
    const unauthenticated = vi.fn();
    client.onUnauthenticated(unauthenticated);

    await expect(client.refresh()).resolves.toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(unauthenticated).toHaveBeenCalledTimes(1);
    expect(storage.getItem('refresh')).toBeNull();
  });

  it('logs a refresh that cannot reach the server and yields null', async () => {
    storage.setItem('refresh', 'r');
    const { client } = makeClient(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.refresh()).resolves.toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('shares a failed refresh between concurrent callers, each getting a 401 ApiError', async () => {
    storage.setItem('access', fakeJwt(NOW, -1));
    storage.setItem('refresh', 'stale');
    const { client, calls } = makeClient((call) =>
      isRefresh(call)
        ? jsonResponse({ error: { code: 'auth.refresh_reused', message: 'no' } }, 401)
        : jsonResponse({}),
    );
    const results = await Promise.allSettled([
      client.get('/api/a'),
      client.get('/api/b'),
      client.get('/api/c'),
    ]);
    expect(calls).toHaveLength(1);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('refreshes once and retries once when the server answers 401 to a fresh token', async () => {
    const old = fakeJwt(NOW, 600, 'old');
    const renewed = fakeJwt(NOW, 900, 'renewed');
    storage.setItem('access', old);
    storage.setItem('refresh', 'r1');
    const { client, calls } = makeClient((call) => {
      if (isRefresh(call)) return jsonResponse({ access: renewed, refresh: 'r2' });
      if (call.headers.authorization === `Bearer ${old}`) {
        return jsonResponse({ error: { code: 'auth.invalid_token', message: 'x' } }, 401);
      }
      return jsonResponse({ id: 7 });
    });
    await expect(client.get('/api/user_data')).resolves.toEqual({ id: 7 });
    expect(calls.map((c) => (isRefresh(c) ? 'refresh' : c.headers.authorization))).toEqual([
      `Bearer ${old}`,
      'refresh',
      `Bearer ${renewed}`,
    ]);
  });

  it('gives up after one retry', async () => {
    storage.setItem('access', fakeJwt(NOW, 600, 'a'));
    storage.setItem('refresh', 'r1');
    const { client, calls } = makeClient((call) =>
      isRefresh(call)
        ? jsonResponse({ access: fakeJwt(NOW, 900, 'b'), refresh: 'r2' })
        : jsonResponse({ error: { code: 'auth.session_revoked', message: 'x' } }, 401),
    );
    const error = (await client.get('/api/user_data').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('auth.session_revoked');
    expect(calls).toHaveLength(3);
  });
});

describe('bearer header', () => {
  const fresh = fakeJwt(NOW, 600);
  beforeEach(() => {
    storage.setItem('access', fresh);
    storage.setItem('refresh', 'r');
  });

  it.each([
    ['the page origin', `${ORIGIN}/api/user_data`],
    ['a relative path', '/api/user_data'],
    ['the development server', 'http://localhost:8000/api/user_data'],
    ['the production origin', `${PRODUCTION}/api/user_data`],
  ])('goes to %s', async (_label, url) => {
    const { client, calls } = makeClient(() => jsonResponse({}));
    await client.get(url);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it.each([
    ['another host', 'https://evil.example.net/api/user_data'],
    ['another port on localhost', 'http://localhost:9000/api/user_data'],
    ['http instead of https on the production host', 'http://thunderwatch.example.com/api/user_data'],
  ])('never goes to %s', async (_label, url) => {
    const { client, calls } = makeClient(() => jsonResponse({}));
    await client.get(url);
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it.each(['/api/login', '/api/login/', `${ORIGIN}/api/login`])('is never sent to %s', async (path) => {
    const { client, calls } = makeClient(() => jsonResponse({ access: 'a', refresh: 'r', user: {} }));
    await client.post(path, { username: 'u', password: 'p' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('does not refresh for /api/login even when the stored token has expired', async () => {
    storage.setItem('access', fakeJwt(NOW, -100));
    const { client, calls } = makeClient(() => jsonResponse({}));
    await client.post('/api/login', { username: 'u', password: 'p' });
    expect(calls).toHaveLength(1);
  });

  it('is attached to an open path only when a fresh token is at hand', async () => {
    const { client, calls } = makeClient(() => jsonResponse({ status: 'ok' }));
    await client.request('/language/', { method: 'POST', body: new URLSearchParams({ lang: 'en' }) });
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${fresh}`);
    storage.setItem('access', fakeJwt(NOW, -100));
    await client.get('/api/comp_info');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.authorization).toBeUndefined();
  });
});

describe('token reader', () => {
  it('falls back to the legacy `token` key when `access` is absent', async () => {
    const legacy = fakeJwt(NOW, 600, 'legacy');
    storage.setItem('token', legacy);
    const { client, calls } = makeClient(() => jsonResponse({}));
    await client.get('/api/user_data');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${legacy}`);
  });

  it('prefers `access` over `token`', async () => {
    const access = fakeJwt(NOW, 600, 'access');
    storage.setItem('token', fakeJwt(NOW, 600, 'legacy'));
    storage.setItem('access', access);
    const { client, calls } = makeClient(() => jsonResponse({}));
    await client.get('/api/user_data');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${access}`);
  });
});

describe('errors', () => {
  beforeEach(() => storage.setItem('access', fakeJwt(NOW, 600)));

  it('carries code, status, details and Retry-After', async () => {
    const { client } = makeClient(() =>
      jsonResponse(
        {
          error: {
            code: 'validation.failed',
            message: 'bad',
            details: [{ field: 'phone', message: 'must match pattern' }],
          },
        },
        429,
        { 'retry-after': '42' },
      ),
    );
    const error = (await client.post('/api/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('validation.failed');
    expect(error.status).toBe(429);
    expect(error.details).toEqual([{ field: 'phone', message: 'must match pattern' }]);
    expect(error.retryAfter).toBe(42);
  });

  it('turns a body without an error object into a code from the status', async () => {
    const { client } = makeClient(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await client.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('server.internal');
    expect(error.status).toBe(502);
  });

  it('reports an unreachable server as network.unreachable', async () => {
    const { client } = makeClient(() => {
      throw new TypeError('fetch failed');
    });
    const error = (await client.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('network.unreachable');
    expect(error.status).toBe(0);
  });
});

describe('requests', () => {
  beforeEach(() => storage.setItem('access', fakeJwt(NOW, 600)));

  it('adds query parameters, leaving out empty ones', async () => {
    const { client, calls } = makeClient(() => jsonResponse({ items: [], total: 0 }));
    await client.get('/api/access_log', {
      username: 'ann',
      path: '',
      status: 404,
      from: undefined,
      limit: 50,
    });
    expect(calls[0]?.url).toBe(`${ORIGIN}/api/access_log?username=ann&status=404&limit=50`);
  });

  it('repeats the key of a list', async () => {
    const { client, calls } = makeClient(() => jsonResponse({ items: [], total: 0 }));
    await client.get('/api/alarms/', { kind: ['wave', 'typhoon'], open: true });
    expect(calls[0]?.url).toBe(`${ORIGIN}/api/alarms/?kind=wave&kind=typhoon&open=true`);
  });

  it('sends JSON bodies with a content type', async () => {
    const { client, calls } = makeClient(() => jsonResponse({ status: 'ok' }));
    await client.post('/api/change_password', { old_password: 'a', new_password: 'b' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ old_password: 'a', new_password: 'b' });
  });
});
