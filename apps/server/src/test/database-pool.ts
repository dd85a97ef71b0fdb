import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database, Queryable } from '../db/database.js';
import { type EmbeddedDatabase, openEmbedded } from '../db/embedded.js';
import { openPostgres } from '../db/postgres.js';
import { type Baseline, readBaseline, reset } from './database-reset.js';
import { scratchName, withDatabase } from './pg-names.js';

/**
 * Migrated test databases, kept by the test worker from file to file (vitest keeps one module graph per
 * worker) and put back into the migrated state between uses (`database-reset.ts`) instead of made anew:
 * - embedded: a new one restores the snapshot in a new PGlite (its WebAssembly compiled again, some 44 MB of
 *   data files loaded), about 1.2 s and 1.8 s of CPU;
 * - PostgreSQL: a copy of the template takes 40 ms, but dropping it waits for a checkpoint (0.7 s on a busy
 *   machine).
 * Putting a used one back takes a tenth of that. A database whose schema a test changed is replaced.
 */
interface Kind<H> {
  /** A new migrated database, as a handle to keep while it is idle. */
  create(): Promise<H>;
  open(handle: H): Promise<Database>;
  /** Back to idle after a lease (PostgreSQL: its connections end). */
  release(handle: H, db: Database): Promise<void>;
  discard(handle: H, db: Database): Promise<void>;
}

class TestDatabasePool<H> {
  private baseline: Baseline | null = null;
  private readonly idle: H[] = [];
  /** How databases were handed out in this worker, for the pool's own test. */
  readonly stats = { created: 0, reused: 0, replaced: 0 };

  constructor(private readonly kind: Kind<H>) {}

  /**
   * A database in the migrated state, private to the caller until it closes it. The handle stops working at
   * close: a query a stopped test app still sends fails, instead of reaching the next test's data.
   */
  async lease(): Promise<Database> {
    const { handle, db } = (await this.reuse()) ?? (await this.create());
    return guarded(db, async () => {
      await this.kind.release(handle, db);
      this.idle.push(handle);
    });
  }

  private async create(): Promise<{ handle: H; db: Database }> {
    const handle = await this.kind.create();
    this.stats.created++;
    const db = await this.kind.open(handle);
    this.baseline ??= await readBaseline(db);
    return { handle, db };
  }

  private async reuse(): Promise<{ handle: H; db: Database } | null> {
    const baseline = this.baseline;
    if (!baseline) return null;
    for (let handle = this.idle.pop(); handle !== undefined; handle = this.idle.pop()) {
      const db = await this.kind.open(handle).catch(() => null);
      if (db && (await reset(db, baseline).catch(() => false))) {
        this.stats.reused++;
        return { handle, db };
      }
      this.stats.replaced++;
      if (db) await this.kind.discard(handle, db).catch(() => {});
    }
    return null;
  }
}

function guarded(db: Database, release: () => Promise<void>): Database {
  let closed = false;
  const open = () => {
    if (closed) throw new Error('test database used after close');
  };
  const dedicated = db.dedicated;
  return {
    kind: db.kind,
    async query<T>(sql: string, params?: readonly unknown[]) {
      open();
      return db.query<T>(sql, params);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      open();
      return db.transaction(fn);
    },
    poolStats: () => db.poolStats(),
    ...(dedicated
      ? {
          async dedicated() {
            open();
            return dedicated();
          },
        }
      : {}),
    async close() {
      if (closed) return;
      closed = true;
      await release();
    },
  };
}

export const embeddedPool = new TestDatabasePool<EmbeddedDatabase>({
  async create() {
    return openEmbedded({
      dataDir: null,
      snapshot: new Uint8Array(await readFile(inject('pgliteSnapshot'))),
    });
  },
  open: async (db) => db,
  release: async () => {},
  discard: (db) => db.close(),
});

/** One connection per test worker for creating, dropping and clearing databases. */
let admin: Promise<pg.Client> | null = null;
function adminClient(): Promise<pg.Client> {
  admin ??= (async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    return c;
  })();
  return admin;
}

/** A PostgreSQL database of the test run, copied from its migrated template; `drop` removes it. */
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new copy of the run's migrated PostgreSQL template (`label` marks what it is for in its name). */
export async function scratchPostgres(label = ''): Promise<ScratchDatabase> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('PostgreSQL template database missing (global setup did not run)');
  const name = scratchName(template, label);
  await (await adminClient()).query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    name,
    url: withDatabase(process.env.DATABASE_URL as string, name),
    drop: async () => {
      await (await adminClient()).query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export const postgresPool = new TestDatabasePool<ScratchDatabase>({
  create: () => scratchPostgres(),
  async open(scratch) {
    // Sessions a test left open (a dedicated connection, a pool not closed) would hold locks the reset waits on.
    await (await adminClient()).query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [scratch.name],
    );
    return openPostgres(scratch.url, 5);
  },
  release: (_scratch, db) => db.close(),
  async discard(scratch, db) {
    await db.close();
    await scratch.drop();
  },
});
