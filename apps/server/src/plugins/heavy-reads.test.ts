import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness.js';
import { ReadGate } from './heavy-reads.js';

describe('ReadGate', () => {
  it('lets `capacity` through, queues the rest in order, and lets the next in on each release', async () => {
    const gate = new ReadGate(2);
    const a = await gate.acquire();
    const b = await gate.acquire();
    const order: string[] = [];
    const noted = (name: string) => (release: () => void) => {
      order.push(name);
      return release;
    };
    const c = gate.acquire().then(noted('c'));
    const d = gate.acquire().then(noted('d'));
    expect(gate.state).toEqual({ running: 2, waiting: 2 });
    b();
    b(); // a second call of the same release frees nothing more
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(gate.state).toEqual({ running: 2, waiting: 1 });
    a();
    (await d)();
    releaseC();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 503 server.busy with Retry-After when too many wait, or one waits too long', async () => {
    vi.useFakeTimers();
    try {
      const gate = new ReadGate(1, 1, 30_000);
      await gate.acquire();
      const waiting = gate.acquire();
      const full = await gate.acquire().catch((e: unknown) => e);
      expect(full).toBeInstanceOf(AppError);
      expect(full).toMatchObject({ code: 'server.busy', statusCode: 503, retryAfterSec: 5 });
      vi.advanceTimersByTime(30_001);
      await expect(waiting).rejects.toMatchObject({ code: 'server.busy' });
      expect(gate.state).toEqual({ running: 1, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(DB_KINDS)('heavy reads through the gate (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HEAVY_READS: '1' } });
  });
  afterAll(() => t.close());

  it('a page of strokes waits while the gate is full; other reads and bad requests do not', async () => {
    const gate = t.app.heavyReads;
    expect(gate.capacity).toBe(1);
    const hold = await gate.acquire();
    let answered = false;
    const page = t.call({ method: 'GET', url: '/api/lightning', token: t.admin.access }).then((res) => {
      answered = true;
      return res;
    });
    await vi.waitFor(() => expect(gate.state.waiting).toBe(1));
    expect(answered).toBe(false);
    // Not heavy, unauthenticated, or invalid: answered at once without a place.
    expect((await t.call({ method: 'GET', url: '/api/warning', token: t.admin.access })).statusCode).toBe(
      200,
    );
    expect((await t.call({ method: 'GET', url: '/api/lightning' })).statusCode).toBe(401);
    const bad = await t.call({ method: 'GET', url: '/api/lightning?limit=0', token: t.admin.access });
    expect(bad.statusCode).toBe(400);
    const metrics = await t.call({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toContain('thunderwatch_heavy_reads{state="waiting"} 1');
    hold();
    expect((await page).statusCode).toBe(200);
    // Its place is given back once the answer is sent.
    await vi.waitFor(() => expect(gate.state).toEqual({ running: 0, waiting: 0 }));
  });

  it('a client that leaves while waiting gives its turn up, and the node goes on serving heavy reads (over a real socket)', async () => {
    const gate = t.app.heavyReads;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const get = () => {
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/lightning?limit=100000',
        headers: { authorization: `Bearer ${t.admin.access}` },
      });
      const answer = new Promise<number | 'gone'>((resolve) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', () => resolve('gone'));
      });
      return { req, answer };
    };
    const hold = await gate.acquire();
    const leaving = get();
    await vi.waitFor(() => expect(gate.state).toEqual({ running: 1, waiting: 1 }));
    leaving.req.destroy();
    expect(await leaving.answer).toBe('gone');
    // Out of the queue as soon as the server sees the socket close, before any place frees.
    await vi.waitFor(() => expect(gate.state).toEqual({ running: 1, waiting: 0 }));
    hold();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
    // The node still serves heavy reads, one after another, and each gives its place back.
    for (let i = 0; i < 3; i++) {
      expect(await get().answer).toBe(200);
      await vi.waitFor(() => expect(gate.state).toEqual({ running: 0, waiting: 0 }));
    }
    // A heavy read with a body (read to its end before the gate) is served too.
    const body = JSON.stringify({
      shape: { type: 'Point', coordinates: [113.3, 23.1] },
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date().toISOString(),
    });
    const posted = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/warning/backtest',
          headers: { authorization: `Bearer ${t.admin.access}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(posted).toBe(200);
    await vi.waitFor(() => expect(gate.state).toEqual({ running: 0, waiting: 0 }));
  });
});
