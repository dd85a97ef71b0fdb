import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openEmbedded } from '../db/embedded.js';
import { scratchPostgres } from './database-pool.js';
import type { DbKind } from './harness.js';
import { ADMIN, TEST_PASSWORD_HASH_LOG2N } from './harness.js';

/** The built server (npm test runs `tsc -b` before the tests). */
export const SERVER_MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Storage for a server process that outlives one start: a data directory (embedded) or a scratch database
 * made from the migrated template (PostgreSQL). `cleanup` removes it.
 */
export async function processStorage(kind: DbKind): Promise<{
  env: NodeJS.ProcessEnv;
  dataDir: string | null;
  url: string | null;
  cleanup: () => Promise<void>;
}> {
  if (kind === 'embedded') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-proc-'));
    // The migrated snapshot, written where the server looks (DATA_DIR/pg): no initdb and no migrations at
    // the server's start, which take many seconds on a busy machine.
    const snapshot = new Uint8Array(await readFile(inject('pgliteSnapshot')));
    await (await openEmbedded({ dataDir: path.join(dir, 'pg'), snapshot })).close();
    return {
      env: { DATA_DIR: dir, DATABASE_URL: undefined },
      dataDir: dir,
      url: null,
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchPostgres('proc_');
  return { env: { DATABASE_URL: scratch.url }, dataDir: null, url: scratch.url, cleanup: scratch.drop };
}

/** The environment of a test server process on a port, with the test admin and no simulator. */
export function serverEnv(port: number, storage: NodeJS.ProcessEnv, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...storage,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    SIMULATOR: 'off',
    WEB_DIST: '/nonexistent-web-dist',
    PASSWORD_HASH_LOG2N: TEST_PASSWORD_HASH_LOG2N,
    ...extra,
  };
  if (env.DATABASE_URL === undefined) delete env.DATABASE_URL;
  return env;
}

/** How long a server process may take to answer after its start (a loaded machine takes seconds). */
const START_MS = 60_000;

/** Starts the built server (the unit tests' global setup builds it) and waits until it answers. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run tsc -b first`);
  const base = `http://127.0.0.1:${env.PORT}`;
  // TEST_SERVER_LOG=1 shows the server's log while debugging a test; otherwise its last lines come with a failure.
  const c = spawn(process.execPath, [SERVER_MAIN], {
    env,
    stdio: process.env.TEST_SERVER_LOG ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  c.stdout?.on('data', keep);
  c.stderr?.on('data', keep);
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (c.exitCode !== null) throw new Error(`server exited with ${c.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${base}/api/comp_info`)).ok) {
        // Past its start, the log is read no more (and does not fill a pipe).
        c.stdout?.off('data', keep).resume();
        c.stderr?.off('data', keep).resume();
        return c;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  c.kill('SIGKILL');
  throw new Error(`server did not answer within ${START_MS / 1000} s of its start:\n${log}`);
}

export async function stopServer(c: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill(signal);
  await exited;
}

/** JSON over HTTP to a server process, with an optional bearer token. */
export function apiClient(port: number) {
  const base = `http://127.0.0.1:${port}`;
  return async (method: string, url: string, token: string | null, body?: unknown, headers = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
}
