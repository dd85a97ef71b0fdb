import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NOT_FOUND_ZH = '您访问的页面不存在，请检查网址是否正确';

describe('routes', () => {
  it('shows the Chinese not-found text for an unknown path, signed out, in a Chinese browser', async () => {
    const { page, errors } = await newPage(browser, 'zh-CN');
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByText(NOT_FOUND_ZH).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
    // The tab names the screen, then the portal.
    await expect.poll(() => page.title()).toBe('页面不存在 · 雷电监测预警平台');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('heads the not-found page in English for an English reader, the Chinese line under it', async () => {
    const { page } = await newPage(browser, 'en-GB');
    await page.goto(`${baseUrl}/nope`);
    await page.getByRole('heading', { level: 1, name: /^The page you visited does not exist/ }).waitFor();
    await page.getByText(NOT_FOUND_ZH).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.context().close();
  });

  it('sends a signed-out user to /login and back to the screen they wanted', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/change_password`);
    await page.waitForURL(`${baseUrl}/login?next=%2Fchange_password`);
    await page.getByLabel('Username or phone number').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/change_password`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads each screen as a chunk of its own', async () => {
    const { page, errors } = await newPage(browser);
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    for (const [path, name] of [
      ['/wave', 'Sea waves'],
      ['/decision', 'Gale warning'],
      ['/device', 'Devices'],
      ['/overview', 'Overview'],
      ['/data_sheet', 'Data sheets'],
      ['/statistic', 'Statistics'],
      ['/statistics_query', 'Statistics query'],
      ['/insight', 'Insight reports'],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      // Each tab names its screen, so a desk with ten tabs tells them apart.
      await expect.poll(() => page.title()).toMatch(new RegExp(`^${name} · `));
    }
    const chunks = [...scripts].map((p) => p.split('/').pop() ?? '');
    for (const chunk of [
      'home',
      'overview',
      'data-sheet',
      'statistic',
      'wave',
      'statistics-query',
      'decision',
      'device',
      'insight',
    ]) {
      expect(chunks.some((file) => file.startsWith(`${chunk}-`))).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
