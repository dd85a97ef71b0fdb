import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../../db/embedded.js';
import { ADMIN, DB_KINDS, type DbKind } from '../../../test/harness.js';
import {
  apiClient,
  freePort,
  processStorage,
  serverEnv,
  startServer,
  stopServer,
} from '../../../test/server-process.js';

const LOCATIONS = 30;
const HOOKS = 4;
const KILL_AFTER = 40;
/** Sends in flight per channel (the worker's default): at most these can be resent after a kill. */
const IN_FLIGHT = 16;
/**
 * The claim lease after which a send the killed worker held is taken again. Short so the test is quick, but
 * longer than a send can take on a loaded CI machine: a send outliving its lease is sent twice by design.
 */
const LEASE_SEC = '6';

/** A webhook receiver that answers after a short delay and counts each idempotency key it sees. */
function receiver(onRequest: (total: number) => void) {
  const seen = new Map<string, number>();
  let total = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['x-thunderwatch-idempotency-key']);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      total += 1;
      onRequest(total);
      setTimeout(() => res.writeHead(200).end('ok'), 30);
    });
  });
  return { server, seen };
}

/** The built server as a real process, killed with SIGKILL while it delivers a burst of alarms. */
describe.each(DB_KINDS)('kill -9 in the middle of a delivery burst (%s)', (kind: DbKind) => {
  let child: ChildProcess | null = null;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const c of cleanups) await c();
  });

  it('loses no delivery, and resends only what was in flight', async () => {
    const port = await freePort();
    const storage = await processStorage(kind);
    cleanups.push(storage.cleanup);
    let killed = false;
    const hooks = receiver((total) => {
      if (total >= KILL_AFTER && !killed && child) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    await new Promise<void>((r) => hooks.server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => hooks.server.close(() => r())));
    const hookBase = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}`;
    const env = serverEnv(port, storage.env, { ALLOW_PRIVATE_WEBHOOKS: 'true', NOTIFY_LEASE_SEC: LEASE_SEC });
    const call = apiClient(port);

    child = await startServer(env);
    const token = (await call('POST', '/api/login', null, ADMIN)).access as string;
    const key = (await call('POST', '/api/feeds/', token, { name: 'burst-net' })).key as string;
    const sites: { lat: number; lon: number }[] = [];
    for (let i = 0; i < LOCATIONS; i++) {
      const site = { lat: 10 + i, lon: 100 };
      sites.push(site);
      const made = await call('POST', '/api/locations/', token, {
        name: `Depot ${i}`,
        shape: { type: 'Point', coordinates: [site.lon, site.lat] },
        rings: [
          { radius_km: 10, level: 3, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
        ],
      });
      expect(made.id, JSON.stringify(made)).toBeTypeOf('number');
    }
    const list = await call('POST', '/api/distribute_add', token, {
      name: 'Control rooms',
      locations: 'all',
      min_level: 1,
      channels: ['webhook'],
      recipients: Array.from({ length: HOOKS }, (_, i) => ({
        kind: 'webhook',
        value: `${hookBase}/room/${i}`,
      })),
    });
    expect(list.id, JSON.stringify(list)).toBeTypeOf('number');

    const exited = new Promise((r) => child?.once('exit', r));
    await call(
      'POST',
      '/api/ingest/strokes',
      null,
      sites.map((s) => ({
        time: new Date(Date.now() - 500).toISOString(),
        lat: s.lat + 0.02,
        lon: s.lon,
        peak_ka: -20,
        type: 'CG',
      })),
      { 'x-feed-key': key },
    );
    await exited;
    expect(killed).toBe(true);
    const beforeRestart = hooks.seen.size;
    expect(beforeRestart).toBeLessThan(LOCATIONS * HOOKS);

    child = await startServer(env);
    const restarted = (await call('POST', '/api/login', null, ADMIN)).access as string;
    // Done when every delivery is recorded sent: the sends the killed worker held are taken again only once
    // their lease runs out, which can be after every webhook has been heard once.
    for (let i = 0; i < 400; i++) {
      const sent = await call(
        'GET',
        '/api/notification/deliveries?status=sent&channel=webhook&limit=1',
        restarted,
      );
      if (sent.total === LOCATIONS * HOOKS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await stopServer(child, 'SIGTERM');
    child = null;

    expect(hooks.seen.size).toBe(LOCATIONS * HOOKS);
    const resent = [...hooks.seen.values()].filter((n) => n > 1);
    console.log(
      `kill -9 (${kind}): ${beforeRestart} of ${LOCATIONS * HOOKS} webhooks received before the kill, ${resent.length} sent again after the restart`,
    );
    expect(resent.every((n) => n === 2)).toBe(true);
    expect(resent.length).toBeLessThanOrEqual(IN_FLIGHT);

    const rows = await outboxRows(storage);
    expect(rows).toHaveLength(LOCATIONS * HOOKS);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // Only rows whose worker died mid-send took a second attempt.
    expect(rows.filter((r) => r.attempts > 1).length).toBeLessThanOrEqual(IN_FLIGHT);
  }, 90_000);
});

async function outboxRows(storage: { dataDir: string | null; url: string | null }) {
  // The webhooks' rows (the admins' duty list also tells their inboxes).
  const sql = `SELECT status, attempts FROM deliveries WHERE event = 'alarm' AND channel = 'webhook'`;
  if (storage.url) {
    const c = new pg.Client({ connectionString: storage.url });
    await c.connect();
    try {
      return (await c.query<{ status: string; attempts: number }>(sql)).rows;
    } finally {
      await c.end();
    }
  }
  const db = await openEmbedded({ dataDir: path.join(storage.dataDir as string, 'pg') });
  try {
    return (await db.query<{ status: string; attempts: number }>(sql)).rows;
  } finally {
    await db.close();
  }
}
