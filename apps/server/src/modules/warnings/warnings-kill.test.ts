import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, DB_KINDS, type DbKind } from '../../test/harness.js';
import { withDatabase } from '../../test/pg-names.js';

const MAIN = path.resolve(import.meta.dirname, '../../../dist/main.js');
const KM = 1 / 110.75;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The built server as a real process, killed with SIGKILL in the middle of a storm. */
describe.each(DB_KINDS)('kill -9 during an active storm, then start again (%s)', (kind: DbKind) => {
  let child: ChildProcess | null = null;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const c of cleanups) await c();
  });

  const storage = async (): Promise<NodeJS.ProcessEnv> => {
    if (kind === 'embedded') {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-kill-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      return { DATA_DIR: dir, DATABASE_URL: undefined };
    }
    const url = process.env.DATABASE_URL as string;
    const name = `tw_t_kill_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    });
    return { DATABASE_URL: withDatabase(url, name) };
  };

  it('resumes the warning with the same episode and countdown, and opens no second episode', async () => {
    expect(existsSync(MAIN), `${MAIN} is missing: npm test builds it (tsc -b) before the tests`).toBe(true);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...(await storage()),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      WEB_DIST: '/nonexistent-web-dist',
    };
    if (env.DATABASE_URL === undefined) delete env.DATABASE_URL;
    const start = async () => {
      const c = spawn(process.execPath, [MAIN], { env, stdio: 'ignore' });
      for (let i = 0; i < 200; i++) {
        if (c.exitCode !== null) throw new Error(`server exited with ${c.exitCode}`);
        try {
          if ((await fetch(`${base}/api/comp_info`)).ok) return c;
        } catch {}
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('server did not start in 20 s');
    };
    const call = async (method: string, url: string, token: string | null, body?: unknown, headers = {}) => {
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
    const login = async () => (await call('POST', '/api/login', null, ADMIN)).access as string;
    const warningOf = async (token: string, id: number) =>
      ((await call('GET', '/api/warning', token)).items as Record<string, unknown>[]).find(
        (i) => i.location_id === id,
      );
    const strike = (key: string, kmNorth: number) =>
      call(
        'POST',
        '/api/ingest/strokes',
        null,
        [
          {
            time: new Date(Date.now() - 500).toISOString(),
            lat: 31.2 + kmNorth * KM,
            lon: 121.5,
            peak_ka: -20,
            type: 'CG',
          },
        ],
        { 'x-feed-key': key },
      );

    child = await start();
    let token = await login();
    const key = (await call('POST', '/api/feeds/', token, { name: 'kill-net' })).key as string;
    const location = await call('POST', '/api/locations/', token, {
      name: 'Tank farm',
      shape: { type: 'Point', coordinates: [121.5, 31.2] },
      rings: [{ radius_km: 10, level: 3, all_clear_min: 5, min_strokes: 1, window_min: 1, include_ic: true }],
    });
    const id = location.id as number;
    await strike(key, 3);
    let before: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && before?.level !== 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      before = await warningOf(token, id);
    }
    expect(before?.level).toBe(3);

    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    child = await start();
    token = await login();
    const after = await warningOf(token, id);
    expect(after).toMatchObject({ level: 3, alert_id: before?.alert_id, all_clear_at: before?.all_clear_at });

    // The storm goes on: the same episode continues, its countdown restarts.
    await strike(key, 4);
    let later = after;
    for (let i = 0; i < 50 && later?.all_clear_at === after?.all_clear_at; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = await warningOf(token, id);
    }
    expect(later?.alert_id).toBe(before?.alert_id);
    expect(String(later?.all_clear_at) > String(after?.all_clear_at)).toBe(true);
    const history = await call('GET', `/api/alert_hist/?location_id=${id}`, token);
    expect(history.total).toBe(1);
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    child = null;
  }, 60_000);
});
