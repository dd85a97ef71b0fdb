import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import type { Lease, Singleton } from '../../db/singleton.js';
import { freshDatabase } from '../../test/harness.js';
import { Leadership } from './leadership.js';
import { LeaseLost, LeaseRepo } from './lease-repo.js';

const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A singleton that records its terms. */
function recorder(name = 'test-singleton') {
  const terms: { epoch: number; stopped: boolean }[] = [];
  let lease: Lease | null = null;
  const s: Singleton & { terms: typeof terms; lease: () => Lease | null } = {
    name,
    terms,
    lease: () => lease,
    async start(l) {
      lease = l;
      terms.push({ epoch: l.epoch, stopped: false });
    },
    async stop() {
      const last = terms[terms.length - 1];
      if (last) last.stopped = true;
    },
  };
  return s;
}

const node = (db: Database, holder: string, pollMs = 100) =>
  new Leadership({ db, leases: new LeaseRepo(db), holder, pollMs, log });

describe('leadership on the embedded database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('embedded');
  });
  afterAll(() => db.close());

  it('holds every lease at once: the embedded database belongs to one process', async () => {
    const leadership = node(db, 'solo');
    const s = recorder();
    await leadership.run(s);
    expect(leadership.role(s.name)).toBe('leader');
    expect(s.terms).toEqual([{ epoch: 1, stopped: false }]);
    await leadership.close();
    expect(s.terms[0]?.stopped).toBe(true);
  });

  it('lets two apps of the process that share it take turns (as tests run two nodes)', async () => {
    const [a, b] = [node(db, 'app-a'), node(db, 'app-b')];
    const [onA, onB] = [recorder('shared'), recorder('shared')];
    await a.run(onA);
    await b.run(onB);
    expect([a.role('shared'), b.role('shared')]).toEqual(['leader', 'standby']);
    await a.close();
    for (let i = 0; i < 50 && b.role('shared') !== 'leader'; i++) await sleep(50);
    expect(onB.terms).toEqual([{ epoch: (onA.terms[0]?.epoch ?? 0) + 1, stopped: false }]);
    await b.close();
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL)
  console.log('[tests] DATABASE_URL is not set: the advisory-lock leadership tests are skipped.');

describe.runIf(DATABASE_URL)('leadership on PostgreSQL advisory locks', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
  });
  afterAll(() => db.close());

  const lockHolderPid = async () =>
    (
      await db.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 727003 AND granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
    ).rows.map((r) => r.pid);

  it('runs a singleton on one node; when the holder’s session dies the other takes over and the old term can no longer write', async () => {
    // Node A will not be back soon (a crashed process): it tries again only after a minute.
    const [a, b] = [node(db, 'node-a', 60_000), node(db, 'node-b')];
    const [onA, onB] = [recorder(), recorder()];
    try {
      await a.run(onA);
      await b.run(onB);
      expect([a.role(onA.name), b.role(onB.name)]).toEqual(['leader', 'standby']);
      expect(onB.terms).toEqual([]);
      const oldLease = onA.lease() as Lease;
      await db.transaction((tx) => oldLease.check(tx));

      // The holder's session dies as it would with its process (kill -9) or a cut network.
      const pids = await lockHolderPid();
      expect(pids).toHaveLength(1);
      await db.query('SELECT pg_terminate_backend($1)', [pids[0]]);
      for (let i = 0; i < 50 && b.role(onB.name) !== 'leader'; i++) await sleep(50);
      expect(b.role(onB.name)).toBe('leader');
      expect(onB.terms).toEqual([{ epoch: oldLease.epoch + 1, stopped: false }]);
      expect(onA.terms[0]?.stopped).toBe(true);
      expect(a.role(onA.name)).toBe('standby');

      // A write of the old term (a holder that has not noticed yet) is refused inside its transaction.
      await expect(db.transaction((tx) => oldLease.check(tx))).rejects.toBeInstanceOf(LeaseLost);
      await db.transaction((tx) => (onB.lease() as Lease).check(tx));
    } finally {
      await a.close();
      await b.close();
    }
    expect(await lockHolderPid()).toEqual([]);
  });

  it('gives the lease up on resign, and competes for it again at the next poll', async () => {
    const a = node(db, 'node-a');
    const s = recorder('resigning');
    await a.run(s);
    await a.resign(s.name);
    expect(s.terms[0]?.stopped).toBe(true);
    for (let i = 0; i < 50 && s.terms.length < 2; i++) await sleep(50);
    expect(s.terms).toHaveLength(2);
    expect(a.role(s.name)).toBe('leader');
    await a.close();
    expect(await lockHolderPid()).toEqual([]);
  });
});
