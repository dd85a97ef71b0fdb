import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_WECHAT, startFakeWechat } from './fake-wechat';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

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

/** Starts the real server (built) on a free port with a fresh embedded database. */
export default async function setup(project: TestProject) {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(main))
    throw new Error('apps/server/dist is missing: run `tsc -b` first (npm run test:e2e does)');
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run the web build');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thunderwatch-e2e-'));
  const port = await freePort();
  const wechat = await startFakeWechat();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // Only the strokes a test posts are on the map.
    SIMULATOR: 'off',
    // WeChat's API is a fake on loopback; the tests sign their callbacks with the token.
    WECHAT_API_BASE: wechat.url,
    WECHAT_APP_ID: E2E_WECHAT.appId,
    WECHAT_APP_SECRET: E2E_WECHAT.appSecret,
    WECHAT_TOKEN: E2E_WECHAT.token,
    WECHAT_TEMPLATE_ID: 'e2e-template',
  };
  // The browser tests use the embedded database; the integration suite covers PostgreSQL.
  delete env.DATABASE_URL;
  console.log('[e2e] server on the embedded database (PostgreSQL is covered by the integration tests)');
  const child: ChildProcess = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/comp_info`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start in 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // The profile language wins at sign-in, and the tests read the English interface: the admin's is English.
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { access } = (await login.json()) as { access: string };
  const profile = await fetch(`${baseUrl}/api/change_profile_by_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ language: 'en' }),
  });
  if (!profile.ok) throw new Error(`could not set the admin's language: ${profile.status}`);
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await wechat.close();
    if (output.includes('"level":50')) console.log(`[e2e] server logged errors:\n${output}`);
    await rm(dataDir, { recursive: true, force: true });
  };
}
