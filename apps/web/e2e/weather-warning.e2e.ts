import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { CapIngestResult } from '@thunderwatch/shared/schemas/weather-warning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { capAlert } from './cap-fixture';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, setAdminLanguage, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * An official CAP warning (made for this spec, CMA style: 暴雨橙色预警) whose polygon covers a location shows
 * on the wall board as a chip in the warning's colour beside the lightning level, in English and Chinese.
 */
let server: RunningServer;
let browser: Browser;
let location: LocationDto;

beforeAll(async () => {
  server = await startQuietServer();
  browser = await launchBrowser();
  const token = await adminToken(server.baseUrl);
  const feedKey = (
    await api<{ key: string }>(server.baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-cap' })
  ).key;
  location = await api<LocationDto>(server.baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Bund',
    shape: { type: 'Point', coordinates: [121.49, 31.24] },
  });
  const response = await fetch(`${server.baseUrl}/api/ingest/cap`, {
    method: 'POST',
    headers: { 'content-type': 'application/cap+xml', 'x-feed-key': feedKey },
    body: capAlert({
      now: Date.now(),
      identifier: `e2e-sh-${Date.now()}`,
      sender: 'sh@cma.gov.cn',
      headline: '上海中心气象台发布暴雨橙色预警信号',
      areaDesc: '上海市',
      polygon: '30.9,121.2 30.9,121.8 31.4,121.8 31.4,121.2 30.9,121.2',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(((await response.json()) as CapIngestResult).alerts[0]?.outcome).toBe('accepted');
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('realtimealert: official weather warnings', () => {
  it('shows a chip in the warning’s colour beside the lightning level, in both languages, on a phone', {
    timeout: 120_000,
  }, async () => {
    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      server.baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2Frealtimealert',
    );
    const tile = page.getByTestId(`tile-${location.id}`);
    const chip = tile.getByText('Rainstorm orange warning');
    await chip.waitFor({ timeout: 20_000 });
    expect(await chip.getAttribute('title')).toBe('上海中心气象台发布暴雨橙色预警信号');
    const colour = await chip.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(colour).toBe('rgb(242, 140, 0)');
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await chip.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await tile.screenshot({ path: join(tmpdir(), 'weather-warning-chip-en.png') });

    await setAdminLanguage(server.baseUrl, 'zh-Hans');
    // The login form is English (the browser's language); the profile's Chinese wins once signed in.
    const zh = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(
      zh.page,
      server.baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2Frealtimealert',
    );
    const zhTile = zh.page.getByTestId(`tile-${location.id}`);
    await zhTile.getByText('暴雨橙色预警').waitFor({ timeout: 20_000 });
    await zhTile.screenshot({ path: join(tmpdir(), 'weather-warning-chip-zh.png') });
    expect([...errors, ...zh.errors]).toEqual([]);
  });
});
