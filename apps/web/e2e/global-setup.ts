import type { TestProject } from 'vitest/node';
import { E2E_WECHAT, startFakeWechat } from './fake-wechat';
import { setAdminLanguage, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export { E2E_ADMIN } from './server';

/** Starts the server the specs share (no simulator: only the strokes a test posts are on the map). */
export default async function setup(project: TestProject) {
  const wechat = await startFakeWechat();
  console.log('[e2e] server on the embedded database (PostgreSQL is covered by the integration tests)');
  const server = await startServer({
    // Only the strokes a test posts are on the map.
    SIMULATOR: 'off',
    // WeChat's API is a fake on loopback; the tests sign their callbacks with the token.
    WECHAT_API_BASE: wechat.url,
    WECHAT_APP_ID: E2E_WECHAT.appId,
    WECHAT_APP_SECRET: E2E_WECHAT.appSecret,
    WECHAT_TOKEN: E2E_WECHAT.token,
    WECHAT_TEMPLATE_ID: 'e2e-template',
  });
  // The profile language wins at sign-in, and the tests read the English interface: the admin's is English.
  await setAdminLanguage(server.baseUrl, 'en');
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    await wechat.close();
  };
}
