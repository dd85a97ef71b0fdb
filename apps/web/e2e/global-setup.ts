import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { E2E_WECHAT, startFakeWechat } from './fake-wechat';
import { makeDataTemplate, setAdminLanguage, startServer } from './server';
import { E2E_WORKERS } from './workers';

export { E2E_ADMIN } from './server';

/**
 * Starts the servers the specs share, one per worker (no simulator: only the strokes a test posts are on the
 * map), from one migrated database template that spec-owned servers start from too.
 */
export default async function setup(project: TestProject) {
  const template = await makeDataTemplate();
  const wechat = await startFakeWechat();
  console.log(
    `[e2e] ${E2E_WORKERS} shared servers on the embedded database (PostgreSQL is covered by the integration tests)`,
  );
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () =>
      startServer({
        // Only the strokes a test posts are on the map.
        SIMULATOR: 'off',
        // WeChat's API is a fake on loopback; the tests sign their callbacks with the token.
        WECHAT_API_BASE: wechat.url,
        WECHAT_APP_ID: E2E_WECHAT.appId,
        WECHAT_APP_SECRET: E2E_WECHAT.appSecret,
        WECHAT_TOKEN: E2E_WECHAT.token,
        WECHAT_TEMPLATE_ID: 'e2e-template',
      }),
    ),
  );
  // The profile language wins at sign-in, and the tests read the English interface: the admin's is English.
  for (const server of servers) await setAdminLanguage(server.baseUrl, 'en');
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  return async () => {
    for (const server of servers) await server.stop();
    await wechat.close();
    await rm(template, { recursive: true, force: true });
  };
}
