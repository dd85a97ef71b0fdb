import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queryable } from '../db/database.js';
import { type EmbeddedDatabase, openEmbedded } from '../db/embedded.js';
import { embeddedPoolStats, leaseEmbedded } from './embedded-pool.js';

const snapshot = async () => new Uint8Array(await readFile(inject('pgliteSnapshot')));

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

describe('embedded test databases, reused between test files', () => {
  let truth: EmbeddedDatabase;
  let fresh: Awaited<ReturnType<typeof state>>;
  beforeAll(async () => {
    truth = await openEmbedded({ dataDir: null, snapshot: await snapshot() });
    fresh = await state(truth);
  });
  afterAll(() => truth.close());

  it('comes back in the snapshot state: rows, sequences, partitions, session settings', async () => {
    const used = await leaseEmbedded(snapshot);
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

    const before = { ...embeddedPoolStats };
    const again = await leaseEmbedded(snapshot);
    expect(embeddedPoolStats.reused).toBe(before.reused + 1);
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
    const changed = await leaseEmbedded(snapshot);
    await changed.query('ALTER TABLE groups ADD COLUMN added_by_test int');
    await changed.close();
    const before = { ...embeddedPoolStats };
    const next = await leaseEmbedded(snapshot);
    expect(embeddedPoolStats.replaced).toBe(before.replaced + 1);
    expect(embeddedPoolStats.restored).toBe(before.restored + 1);
    expect(await state(next)).toEqual(fresh);
    await next.close();
  });

  it('refuses queries on a handle once closed, so a stopped app cannot reach the next test', async () => {
    const db = await leaseEmbedded(snapshot);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/after close/);
    await expect(db.transaction(async () => 1)).rejects.toThrow(/after close/);
  });
});
