import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Queryable } from '../db/database.js';
import { openEmbedded } from '../db/embedded.js';
import { openPostgres } from '../db/postgres.js';
import { embeddedPool, postgresPool } from './database-pool.js';
import { DB_KINDS, type DbKind } from './harness.js';
import { processStorage } from './server-process.js';

/** A database made the slow way, never used before: what the pool's must equal. */
async function trulyFresh(kind: DbKind): Promise<Database> {
  if (kind === 'embedded')
    return openEmbedded({
      dataDir: null,
      snapshot: new Uint8Array(await readFile(inject('pgliteSnapshot'))),
    });
  const storage = await processStorage('postgres');
  const db = openPostgres(storage.url as string, 2);
  return {
    ...db,
    async close() {
      await db.close();
      await storage.cleanup();
    },
  };
}

/** What a test could observe of a database's state: every table's rows, sequences, partitions, settings. */
async function state(db: Queryable) {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT c.oid::regclass::text AS name FROM pg_class c
       WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  const rows: Record<string, string> = {};
  for (const t of tables) {
    rows[t] = (
      await db.query<{ j: string }>(
        `SELECT coalesce(json_agg(x ORDER BY x::text)::text, '') AS j FROM ${t} x`,
      )
    ).rows[0]?.j as string;
  }
  const sequences = (
    await db.query<{ sequencename: string; last_value: number | null }>(
      'SELECT sequencename, last_value FROM pg_sequences ORDER BY 1',
    )
  ).rows;
  const settings = (
    await db.query<{ tz: string; path: string }>(
      "SELECT current_setting('TimeZone') AS tz, current_setting('search_path') AS path",
    )
  ).rows[0];
  return { tables, rows, sequences, settings };
}

describe.each(DB_KINDS)('test databases, reused between test files (%s)', (kind) => {
  const pool = kind === 'embedded' ? embeddedPool : postgresPool;
  let truth: Database;
  let fresh: Awaited<ReturnType<typeof state>>;
  beforeAll(async () => {
    truth = await trulyFresh(kind);
    fresh = await state(truth);
  });
  afterAll(() => truth.close());

  it('comes back in the snapshot state: rows, sequences, partitions, session settings', async () => {
    const used = await pool.lease();
    expect(await state(used)).toEqual(fresh);
    await used.query("INSERT INTO groups (slug, name) VALUES ('g1', 'g1'), ('g2', 'g2')");
    await used.query(
      'DELETE FROM decision_checklist_items WHERE id = (SELECT min(id) FROM decision_checklist_items)',
    );
    await used.query(
      "CREATE TABLE strokes_20260701 PARTITION OF strokes FOR VALUES FROM ('2026-07-01') TO ('2026-07-02')",
    );
    await used.query("SET TIME ZONE 'Asia/Shanghai'");
    expect(await state(used)).not.toEqual(fresh);
    await used.close();

    const before = { ...pool.stats };
    const again = await pool.lease();
    expect(pool.stats.reused).toBe(before.reused + 1);
    expect(await state(again)).toEqual(fresh);
    const id = await again.query<{ id: number }>(
      "INSERT INTO groups (slug, name) VALUES ('g', 'g') RETURNING id",
    );
    const firstId = await truth.query<{ id: number }>(
      "INSERT INTO groups (slug, name) VALUES ('g', 'g') RETURNING id",
    );
    expect(id.rows[0]?.id).toBe(firstId.rows[0]?.id);
    await truth.query("DELETE FROM groups WHERE slug = 'g'");
    await again.close();
  });

  it('replaces a database whose schema a test changed', async () => {
    const changed = await pool.lease();
    await changed.query('ALTER TABLE groups ADD COLUMN added_by_test int');
    await changed.close();
    const before = { ...pool.stats };
    const next = await pool.lease();
    expect(pool.stats.replaced).toBe(before.replaced + 1);
    expect(pool.stats.created).toBe(before.created + 1);
    expect(await state(next)).toEqual(fresh);
    await next.close();
  });

  it('refuses queries on a handle once closed, so a stopped app cannot reach the next test', async () => {
    const db = await pool.lease();
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/after close/);
    await expect(db.transaction(async () => 1)).rejects.toThrow(/after close/);
  });
});
