import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbedded } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { openPostgres } from '../db/postgres.js';
import { isAlive, runPidOf, templateName, withDatabase } from './pg-names.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string | null;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * The tests that run the server as a process (kill -9, two nodes) start its build, apps/server/dist: `tsc -b`
 * brings it up to date (about a second when it is; npm test has just typechecked, which builds it).
 */
function buildServer(): void {
  const tsc = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (tsc.status === 0) return;
  // A type error still leaves a build (tsc emits anyway): the type check phase fails on it, not this run.
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js')))
    throw new Error(
      `tsc -b apps/server failed, and the process tests need its build:\n${tsc.stdout}${tsc.stderr}`,
    );
  console.warn(`[tests] tsc -b apps/server reported errors (the type check fails on them):\n${tsc.stdout}`);
}

/** Once per run: a migrated embedded database to restore (no initdb per test) and a PostgreSQL template. */
export default async function setup(project: TestProject): Promise<void | (() => Promise<void>)> {
  buildServer();
  const db = await openEmbedded({ dataDir: null });
  await migrate(db);
  const file = path.join(os.tmpdir(), `thunderwatch-snapshot-${process.pid}.tar`);
  await writeFile(file, await db.dump());
  await db.close();
  project.provide('pgliteSnapshot', file);

  const url = process.env.DATABASE_URL;
  const removeSnapshot = () => rm(file, { force: true });
  if (!url) {
    console.log('[tests] DATABASE_URL is not set: integration tests run on the embedded database only.');
    project.provide('pgTemplate', null);
    return removeSnapshot;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // What earlier runs left behind (they were killed, or are from before run-scoped names); the databases of
  // runs still going on are theirs.
  const stale = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'tw\\_%' AND datname NOT LIKE 'tw\\_bench%'",
  );
  for (const { datname } of stale.rows) {
    const pid = runPidOf(datname);
    if (pid !== null && isAlive(pid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  const template = templateName(process.pid);
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();
  const templateDb = openPostgres(withDatabase(url, template), 1);
  await migrate(templateDb);
  await templateDb.close();
  project.provide('pgTemplate', template);
  console.log(`[tests] integration tests also run on PostgreSQL (${new URL(url).host}).`);
  return async () => {
    await removeSnapshot();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const mine = await c.query<{ datname: string }>('SELECT datname FROM pg_database');
    for (const { datname } of mine.rows) {
      if (runPidOf(datname) === process.pid)
        await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await c.end();
  };
}
