import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const E2E_ADMIN = { username: 'admin', password: 'Admin12345' };

const repoRoot = path.resolve(import.meta.dirname, '../../..');

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

/** Where makeDataTemplate put the template (the environment reaches the test workers too). */
const DATA_TEMPLATE = 'THUNDERWATCH_E2E_DATA_TEMPLATE';

/**
 * A migrated embedded database, made once per run (global setup) and copied into each server's data
 * directory: a server on an empty one spends many seconds in initdb and the migrations before it answers.
 */
export async function makeDataTemplate(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'thunderwatch-e2e-template-'));
  const dist = (file: string) => pathToFileURL(path.join(repoRoot, 'apps/server/dist/db', file)).href;
  const { openEmbedded } = await import(dist('embedded.js'));
  const { migrate } = await import(dist('migrate.js'));
  const db = await openEmbedded({ dataDir: path.join(dir, 'pg') });
  await migrate(db);
  await db.close();
  process.env[DATA_TEMPLATE] = dir;
  return dir;
}

export interface RunningServer {
  baseUrl: string;
  /**
   * Moves the server's clock `ms` forward (it goes on at the real pace from there) and resolves once the
   * work timed by the minute has run on the new time: an all-clear, an offline device or a cell tracker step
   * without waiting for them. The browser keeps its own clock, which is now behind.
   */
  advanceClock: (ms: number) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (built) on a free port with a fresh embedded database, as `npm start` would, with
 * `env` on top; resolves once it answers. Its log is printed on stop if it logged errors.
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  // The server as `npm start` runs it, on a clock the tests can move (apps/server/src/test/clocked-server.ts).
  const main = path.join(repoRoot, 'apps/server/dist/test/clocked-server.js');
  if (!existsSync(main))
    throw new Error('apps/server/dist is missing: run `tsc -b` first (npm run test:e2e does)');
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run the web build');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thunderwatch-e2e-'));
  const template = process.env[DATA_TEMPLATE];
  if (template) await cp(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // The bundled basemap, whatever the shell says: the tests reach nothing beyond loopback.
    BASEMAP: 'offline',
    BASEMAP_ATTRIBUTION: '',
    // Cheap password hashes: every spec signs in, often; the server's own tests cover the production cost.
    PASSWORD_HASH_LOG2N: '10',
    ...env,
  };
  // The browser tests use the embedded database, on their own: the integration suite covers PostgreSQL,
  // Redis and MQTT, and two e2e servers sharing a Redis or an MQTT topic would hear each other's strokes.
  for (const shared of ['DATABASE_URL', 'REDIS_URL', 'MQTT_URL']) delete childEnv[shared];
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let asked = 0;
  const advanceClock = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      const id = ++asked;
      const onMessage = (m: { type?: string; id?: number; error?: string }) => {
        if (m?.type !== 'clock.advanced' || m.id !== id) return;
        child.off('message', onMessage);
        if (m.error) reject(new Error(`the server could not move its clock: ${m.error}`));
        else resolve();
      };
      child.on('message', onMessage);
      child.send({ type: 'clock.advance', id, ms });
    });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  // A server that does not come up is killed, not left running for the rest of the suite.
  const giveUp = async (why: string) => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw await giveUp('server exited early');
    try {
      if ((await fetch(`${baseUrl}/api/comp_info`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw await giveUp('server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    advanceClock,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      if (output.includes('"level":50')) console.log(`[e2e] server logged errors:\n${output}`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sets the admin's profile language (it wins at sign-in). */
export async function setAdminLanguage(baseUrl: string, language: 'en' | 'zh-Hans') {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { access } = (await login.json()) as { access: string };
  const profile = await fetch(`${baseUrl}/api/change_profile_by_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ language }),
  });
  if (!profile.ok) throw new Error(`could not set the admin's language: ${profile.status}`);
}

/**
 * A server of a spec's own, like the shared one (no simulator, the admin speaks English), for specs whose
 * strokes, locations or model runs would change what the shared server's other specs count and see.
 */
export async function startQuietServer(): Promise<RunningServer> {
  const server = await startServer({ SIMULATOR: 'off' });
  await setAdminLanguage(server.baseUrl, 'en');
  return server;
}
