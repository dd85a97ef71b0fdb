import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { freshDatabase, startTestApp, type TestApp } from '../../test/harness.js';
import { isoAgo } from '../../test/strokes.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL)
  console.log('[tests] DATABASE_URL is not set: the database outage test is skipped (CI sets it).');

describe.runIf(DATABASE_URL)('ingest while PostgreSQL goes down and comes back', () => {
  let proxy: TcpProxy;
  let db: Database;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    const pgUrl = new URL(DATABASE_URL as string);
    proxy = await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    db = await freshDatabase('postgres', { throughPort: proxy.port });
    t = await startTestApp('postgres', { db });
    key = await t.createFeed('outage-net');
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await db.close();
    await proxy.close();
  });

  /** Batch `n` of a feed: 20 strokes, each at its own instant (the same instants when sent again). */
  const base = Date.now();
  const batch = (n: number) =>
    Array.from({ length: 20 }, (_, i) => ({
      time: isoAgo(60_000 + n * 1000 + i * 10, base),
      lat: 30 + n / 1000,
      lon: 90 + i / 1000,
      peak_ka: -15,
      type: 'CG',
    }));
  const post = (n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: batch(n),
    });

  it('answers 503 with Retry-After while it is down, recovers by itself, and stores every stroke once', async () => {
    const unsent: number[] = [];
    const refusals: { status: number; retryAfter: unknown; code: string }[] = [];
    for (let n = 0; n < 30; n++) {
      if (n === 10) proxy.cut();
      if (n === 20) proxy.restore();
      const res = await post(n);
      if (res.statusCode !== 200) {
        unsent.push(n);
        refusals.push({
          status: res.statusCode,
          retryAfter: res.headers['retry-after'],
          code: res.json().error.code,
        });
      }
    }
    expect(refusals.length).toBeGreaterThanOrEqual(10);
    for (const r of refusals) expect(r).toEqual({ status: 503, retryAfter: '5', code: 'server.unavailable' });
    // The feed sends the refused batches again, and every batch once more (its acknowledgement may be lost).
    for (const n of [...unsent, ...Array.from({ length: 30 }, (_, i) => i)]) {
      expect((await post(n)).statusCode).toBe(200);
    }
    const stored = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM strokes WHERE source = 'outage-net'",
    );
    expect(stored.rows[0]?.n).toBe(30 * 20);
  });
});
