import path from 'node:path';
import { build, defaultClientConditions, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { expiredJwt } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;
let clientBundle: string;

/** The real API client module, bundled for the page, so the test drives exactly the code the app ships. */
async function bundleApiClient(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.resolve(import.meta.dirname, '../src/lib/api-client.ts'),
        formats: ['iife'],
        name: 'ThunderwatchApiClient',
      },
    },
  })) as Rollup.RollupOutput[];
  const chunk = result[0]?.output[0];
  if (chunk?.type !== 'chunk') throw new Error('bundling the API client produced no chunk');
  return chunk.code;
}

beforeAll(async () => {
  [browser, clientBundle] = await Promise.all([launchBrowser(), bundleApiClient()]);
});
afterAll(async () => {
  await browser?.close();
});

describe('API client in the browser', () => {
  it('makes five concurrent calls with an expired access token cause exactly one refresh', async () => {
    // The app's CSP forbids inline scripts (as it should); only this test context may add the bundle.
    const { page, errors } = await newPage(browser, 'en-US', { bypassCSP: true });
    // A page of the portal's origin that runs none of the app: the app's own client, starting late on a busy
    // machine, would otherwise find the expired token first and refresh it itself (it did, once).
    await page.goto(`${baseUrl}/api/comp_info`);
    const tokens = await (
      await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(E2E_ADMIN),
      })
    ).json();
    await page.evaluate(
      ({ access, refresh }) => {
        localStorage.setItem('access', access);
        localStorage.setItem('refresh', refresh);
      },
      { access: expiredJwt(), refresh: tokens.refresh },
    );
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/auth/token/refresh')) refreshes.push(r.url());
    });
    await page.addScriptTag({ content: clientBundle });
    const answers = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's global has no type in the page.
      const { apiClient } = (window as any).ThunderwatchApiClient;
      const paths = [
        '/api/user_data',
        '/api/roles/',
        '/api/group_list/',
        '/api/group_user_list/',
        '/api/access_log',
      ];
      const results = await Promise.all(paths.map((p) => apiClient.get(p)));
      return {
        ok: results.map((r: object) => typeof r === 'object'),
        access: localStorage.getItem('access'),
      };
    });
    expect(answers.ok).toEqual([true, true, true, true, true]);
    expect(refreshes).toHaveLength(1);
    expect(answers.access).not.toBe(expiredJwt());
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
