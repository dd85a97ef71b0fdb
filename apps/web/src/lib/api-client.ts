import { NO_BEARER_ROUTES, OPEN_API_ROUTES } from '@thunderwatch/shared/open-paths';
import type { TokenPair } from '@thunderwatch/shared/schemas/kit';
import { ApiError, apiErrorFromResponse } from './api-error';
import { isTokenFresh } from './jwt';
import { createTokenStore, type KeyValueStorage, type TokenStore } from './token-store';

/**
 * The HTTP client: attaches the bearer token, refreshes it, turns failures into ApiError.
 * It never touches the UI; the app shell listens to `onUnauthenticated` and decides what to show.
 */

export const REFRESH_PATH = '/auth/token/refresh';
export const DEV_SERVER_ORIGIN = 'http://localhost:8000';

/** A new token pair; `undefined` when there was no refresh token (nothing sent); `null` when it failed. */
export type RefreshResult = TokenPair | null | undefined;

/** A query value; a list repeats its key (`kind=wave&kind=typhoon`). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (URLSearchParams, FormData). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'text' | 'blob';
  /** The request outlives the page (a save sent as the page is left). */
  keepalive?: boolean;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  /** Single flight: concurrent callers share one POST /auth/token/refresh and its outcome. */
  refresh(): Promise<RefreshResult>;
  /** An unexpired access token, refreshing first when needed; null when there is none. */
  accessToken(): Promise<string | null>;
  /** Called when the session is gone (refresh failed, or no token for a call that needs one). */
  onUnauthenticated(listener: () => void): () => void;
  readonly tokens: TokenStore;
}

export interface ApiClientConfig {
  fetch?: typeof fetch;
  storage?: () => KeyValueStorage | undefined;
  /** The page's own origin; relative paths resolve against it. */
  origin?: () => string;
  /** The production origin that may receive the token besides the page and the dev server. */
  productionOrigin?: string;
  now?: () => number;
  logger?: Pick<Console, 'error'>;
  /**
   * Serialises refreshes across the tabs (and clients) of the origin: the Web Locks API by default; null
   * for none. Without it, two tabs refreshing at once send the same refresh token twice, and the server
   * ends the session as stolen.
   */
  locks?: RefreshLocks | null;
}

/** The part of the Web Locks API (`navigator.locks`) the client uses. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const REFRESH_LOCK = 'thunderwatch-token-refresh';

type AuthMode = 'none' | 'optional' | 'required';

const stripSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
const NO_BEARER = new Set<string>([...NO_BEARER_ROUTES, REFRESH_PATH].map(stripSlash));
const OPEN = new Set<string>(OPEN_API_ROUTES.map(stripSlash));

function normaliseOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = config.now ?? Date.now;
  const logger = config.logger ?? console;
  const origin = config.origin ?? (() => globalThis.location?.origin ?? DEV_SERVER_ORIGIN);
  const tokens = createTokenStore(config.storage ?? (() => globalThis.localStorage));
  const listeners = new Set<() => void>();
  let inflight: Promise<RefreshResult> | null = null;

  const emitUnauthenticated = () => {
    for (const listener of listeners) listener();
  };

  function allowedOrigins(): Set<string> {
    const candidates = [origin(), DEV_SERVER_ORIGIN, config.productionOrigin ?? ''];
    return new Set(candidates.map(normaliseOrigin).filter((o): o is string => o !== null));
  }

  /** Which token handling a URL gets: never for foreign origins or login, optional on open paths. */
  function authMode(url: URL): AuthMode {
    if (!allowedOrigins().has(url.origin)) return 'none';
    const path = stripSlash(url.pathname);
    if (NO_BEARER.has(path)) return 'none';
    return OPEN.has(path) ? 'optional' : 'required';
  }

  async function runRefresh(refreshToken: string): Promise<RefreshResult> {
    try {
      const response = await doFetch(new URL(REFRESH_PATH, origin()).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refresh: refreshToken }),
      });
      if (!response.ok) {
        const error = await apiErrorFromResponse(response, now());
        // The server rejected the token itself: it is useless from now on.
        if (response.status >= 400 && response.status < 500) tokens.clear();
        throw error;
      }
      const pair = (await response.json()) as Partial<TokenPair>;
      if (typeof pair.access !== 'string' || typeof pair.refresh !== 'string') {
        throw new Error('token refresh answered without access and refresh tokens');
      }
      const next = { access: pair.access, refresh: pair.refresh };
      tokens.save(next);
      return next;
    } catch (error) {
      logger.error('Token refresh failed', error);
      emitUnauthenticated();
      return null;
    }
  }

  /**
   * Under the cross-tab lock: if another tab refreshed while this one waited, the pair it stored is ours
   * too; only otherwise is the stored refresh token sent.
   */
  async function refreshUnlessDone(seen: string): Promise<RefreshResult> {
    const current = tokens.readRefresh();
    if (!current) return undefined;
    if (current !== seen) {
      const access = tokens.readAccess();
      if (access && isTokenFresh(access, now())) return { access, refresh: current };
    }
    return runRefresh(current);
  }

  function refresh(): Promise<RefreshResult> {
    if (inflight) return inflight;
    const seen = tokens.readRefresh();
    if (!seen) return Promise.resolve(undefined);
    const locks = config.locks === undefined ? (globalThis.navigator?.locks ?? null) : config.locks;
    const run = () => refreshUnlessDone(seen);
    inflight = (locks ? locks.request(REFRESH_LOCK, run) : run()).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /** A fresh access token plus how it was obtained, so callers know whether the session is gone. */
  async function freshToken(): Promise<{ token: string | null; refreshed: RefreshResult | 'not-needed' }> {
    // A refresh in progress may be replacing the stored token: wait for it instead of racing it.
    if (inflight) {
      const result = await inflight;
      return { token: result?.access ?? null, refreshed: result };
    }
    const current = tokens.readAccess();
    if (current && isTokenFresh(current, now())) return { token: current, refreshed: 'not-needed' };
    const result = await refresh();
    return { token: result?.access ?? null, refreshed: result };
  }

  async function accessToken(): Promise<string | null> {
    return (await freshToken()).token;
  }

  function buildUrl(path: string, query: RequestOptions['query']): URL {
    const url = new URL(path, origin());
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
      else url.searchParams.set(key, String(value));
    }
    return url;
  }

  async function send(url: URL, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = {
      accept: options.responseType === 'blob' || options.responseType === 'text' ? '*/*' : 'application/json',
      ...options.headers,
    };
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(url.toString(), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: options.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError({
        code: 'network.unreachable',
        status: 0,
        message: error instanceof Error ? error.message : 'network error',
      });
    }
  }

  async function readBody<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
    if (responseType === 'blob') return (await response.blob()) as T;
    if (responseType === 'text') return (await response.text()) as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? JSON.parse(text) : text) as T;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(path, options.query);
    const mode = authMode(url);
    let token: string | null = null;
    if (mode === 'required') {
      const fresh = await freshToken();
      if (!fresh.token) {
        // A failed refresh has already announced itself; having nothing to refresh with has not.
        if (fresh.refreshed === undefined) emitUnauthenticated();
        throw new ApiError({ code: 'auth.missing_token', status: 401, message: 'Not signed in' });
      }
      token = fresh.token;
    } else if (mode === 'optional') {
      const current = tokens.readAccess();
      token = current && isTokenFresh(current, now()) ? current : null;
    }

    let response = await send(url, options, token);
    if (response.status === 401 && token && mode === 'required') {
      // The token looked fresh but the server refused it: one refresh, then one retry.
      const stored = tokens.readAccess();
      let retryToken: string | null = null;
      if (stored && stored !== token && isTokenFresh(stored, now())) {
        retryToken = stored;
      } else {
        const result = await refresh();
        if (result === undefined) emitUnauthenticated();
        retryToken = result?.access ?? null;
      }
      if (retryToken) response = await send(url, options, retryToken);
    }
    if (!response.ok) throw await apiErrorFromResponse(response, now());
    return readBody<T>(response, options.responseType);
  }

  return {
    request,
    get: (path, query, options) => request(path, { ...options, method: 'GET', query }),
    post: (path, json, options) => request(path, { ...options, method: 'POST', json: json ?? {} }),
    patch: (path, json, options) => request(path, { ...options, method: 'PATCH', json: json ?? {} }),
    refresh,
    accessToken,
    onUnauthenticated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tokens,
  };
}

/** The app's client: the browser's storage and fetch, the page origin, and the configured production origin. */
export const apiClient = createApiClient({ productionOrigin: import.meta.env.VITE_PRODUCTION_ORIGIN });
