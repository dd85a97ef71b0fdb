import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbedded } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { openPostgres } from '../db/postgres.js';
import { PG_TEMPLATE_DB, withDatabase } from './pg-names.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string | null;
  }
}

/** Once per run: a migrated embedded database to restore (no initdb per test) and a PostgreSQL template. */
export default async function setup(project: TestProject): Promise<void> {
  const db = await openEmbedded({ dataDir: null });
  await migrate(db);
  const file = path.join(os.tmpdir(), `thunderwatch-snapshot-${process.pid}.tar`);
  await writeFile(file, await db.dump());
  await db.close();
  project.provide('pgliteSnapshot', file);

  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('[tests] DATABASE_URL is not set: integration tests run on the embedded database only.');
    project.provide('pgTemplate', null);
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const stale = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'tw\\_%'",
  );
  for (const { datname } of stale.rows)
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${PG_TEMPLATE_DB}"`);
  await admin.end();
  const template = openPostgres(withDatabase(url, PG_TEMPLATE_DB), 1);
  await migrate(template);
  await template.close();
  project.provide('pgTemplate', PG_TEMPLATE_DB);
  console.log(`[tests] integration tests also run on PostgreSQL (${new URL(url).host}).`);
}
