import type * as FastCheck from 'fast-check';

/** A route as the fuzzer sees it: method, path pattern and the names its query string declares. */
export interface FuzzRoute {
  method: string;
  url: string;
  queryNames: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** Content type and payload, for methods that carry a body. */
  body: { type: string; payload: string } | null;
}

/**
 * Random requests to the given routes: path parameters, query values and bodies drawn from values that
 * once broke a parser or a column (NUL, huge and non-finite numbers, broken percent-encoding, impossible
 * dates) and from random strings; query keys mostly the route's own. Shared by the HTTP fuzz test and the
 * memory benchmark, which runs it against a real server process.
 */
export function fuzzRequests(fc: typeof FastCheck, routes: readonly FuzzRoute[]) {
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
    .oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.double().map(String),
    )
    .map(encodeURIComponent);
  const value = fc.oneof(raw, encoded);
  const body = fc.oneof(
    fc.record({
      type: fc.constant('application/json'),
      payload: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
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
  return fc
    .record({
      route: fc.nat({ max: routes.length - 1 }).map((i) => routes[i] as FuzzRoute),
      pathValue: value,
      query: fc.array(fc.tuple(fc.oneof(fc.nat({ max: 20 }), fc.string({ maxLength: 8 })), value), {
        maxLength: 4,
      }),
      body,
    })
    .map(({ route, pathValue, query, body: b }): FuzzRequest => {
      const names = route.queryNames;
      const qs = query
        .map(
          ([k, v]) =>
            `${typeof k === 'number' ? (names[k % Math.max(names.length, 1)] ?? 'x') : encodeURIComponent(k)}=${v}`,
        )
        .join('&');
      const url = `${route.url.replace(/:(\w+)/g, pathValue || '1')}${qs ? `?${qs}` : ''}`;
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      return Object.defineProperty({ method: route.method, url, body: withBody ? b : null }, 'toString', {
        value: () => `${route.method} ${url} ${withBody ? b.payload : ''}`,
      });
    });
}

/** The routes of an app's route table worth fuzzing: not HEAD/OPTIONS, not wildcards, not signing out. */
export function fuzzRoutes(
  table: readonly { method: string; url: string; schema?: { querystring?: unknown } }[],
): FuzzRoute[] {
  return table
    .filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*') && !r.url.includes('logout'),
    )
    .map((r) => ({
      method: r.method,
      url: r.url,
      queryNames: Object.keys(
        (r.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      ),
    }));
}

/** Whether an answer keeps the contract: no 5xx but a documented 503, errors in the documented shape. */
export function answerProblem(status: number, contentType: string, body: string): string | null {
  let json: { error?: { code?: unknown } } | null = null;
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(body);
    } catch {
      return 'a JSON content type with a body that is not JSON';
    }
  }
  // 503 is a documented answer (a feature not configured, overload); 500 and other 5xx never are.
  const documented503 = status === 503 && json?.error?.code !== 'server.internal';
  if (status >= 500 && !documented503) return `status ${status}`;
  if (status >= 400 && json && typeof json.error?.code !== 'string') return 'an error without a code';
  return null;
}
