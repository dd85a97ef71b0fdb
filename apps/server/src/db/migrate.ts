import { readdir, readFile } from 'node:fs/promises';
import type { Database, Queryable } from './database.js';

export const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
// Any constant works; it only has to be the same on every node of a cluster.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies every `NNN_name.sql` not yet applied, in order, in one transaction under an advisory lock. */
export async function migrate(db: Database, dir: URL = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      const sql = await readFile(new URL(file, dir), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Splits a migration on `;` at line ends; migrations keep to plain statements (no function bodies). */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Migration files not yet applied to `db` (empty when the schema is current). */
export async function pendingMigrations(db: Queryable, dir: URL = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  const done = new Set(
    (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
  );
  return files.filter((f) => !done.has(Number(f.slice(0, 3))));
}

/** The directory is read once per process: migrations do not change under a running server. */
const listed = new Map<string, Promise<string[]>>();

function migrationFiles(dir: URL): Promise<string[]> {
  let files = listed.get(dir.href);
  if (!files) {
    files = readdir(dir).then((all) => all.filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort());
    files.catch(() => listed.delete(dir.href));
    listed.set(dir.href, files);
  }
  return files;
}
