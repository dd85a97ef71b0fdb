import type { KeyValueStorage } from './token-store';

/** Test doubles for the browser APIs the lib uses; tests run in Node without a DOM. */

export class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, String(value));
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

/** An unsigned JWT whose `exp` is `expiresInSeconds` after `now`; the client only reads `exp`. */
export function fakeJwt(now: number, expiresInSeconds: number, sub = '1'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub, exp: Math.floor(now / 1000) + expiresInSeconds })}.sig`;
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that records every call and answers through `handler`. */
export function fakeFetch(handler: FakeHandler): { fetch: typeof fetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init?.body === undefined || init.body === null ? null : String(init.body);
    const call = { url: String(input), method: init?.method ?? 'GET', headers, body };
    calls.push(call);
    return handler(call);
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
