import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { clickMapAt, type MapWindow } from './map-helpers';
import { type RunningServer, setAdminLanguage, startServer } from './server';
import { adminToken, api, createUser, signIn } from './web-helpers';

/**
 * Lightning disaster warnings on the home map: 100 CG flashes over Shenzhen in the last half hour make it an
 * orange warning at the server's next evaluation (every 10 s here); the layer fills the city in orange, and a
 * click inside it tells the level and why.
 */
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off', DISASTER_EVAL_MS: '10000' });
  await setAdminLanguage(server.baseUrl, 'en');
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const drawn = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
    if (!map?.getLayer('disaster-fill')) return [];
    return map.queryRenderedFeatures({ layers: ['disaster-fill'] }).map((f) => String(f.properties.code));
  });

describe('home: disaster warning layer', () => {
  it('fills a warned city in its level’s colour, and a click inside tells the level and why', {
    timeout: 150_000,
  }, async () => {
    const { key } = await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', {
      name: 'e2e-disaster',
    });
    const end = Date.now() - 60_000;
    const strokes = Array.from({ length: 100 }, (_, i) => ({
      time: new Date(end - i * 3000).toISOString(),
      lat: 22.55 + ((i * 37) % 100) / 1000,
      lon: 114.01 + ((i * 61) % 100) / 1000,
      peak_ka: -30,
      type: 'CG',
    }));
    const res = await fetch(`${baseUrl}/api/ingest/strokes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': key },
      body: JSON.stringify(strokes),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await api<{ items: { region: { code: string }; level: number }[] }>(
              baseUrl,
              token,
              'GET',
              '/api/disaster_warning/',
            )
          ).items.map((w) => `${w.region.code}:${w.level}`),
        { timeout: 40_000, interval: 1000 },
      )
      .toContain('440300:3');

    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2F%3Flat%3D22.6%26lon%3D114.2%26zoom%3D8',
    );
    await page.waitForURL(/\/\?lat=22\.6/);
    await page.getByRole('checkbox', { name: 'Lightning disaster warnings' }).check();
    await page.getByRole('list', { name: 'Disaster warning levels' }).waitFor();
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toContain('440300');
    await page.screenshot({ path: join(tmpdir(), 'disaster-wide.png') });

    // Inside Shenzhen, east of the strokes (a click on a stroke is the stroke's).
    await clickMapAt(page, [114.4, 22.65]);
    const popup = page.getByRole('dialog', { name: 'Lightning disaster warning: Shenzhen' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText('Orange (high)').waitFor();
    await popup.getByText('Dense CG lightning, last hour').waitFor();
    await popup.getByText('100 in 1 h, 100 in 3 h').waitFor();

    // A phone: the layer switcher folds; opened, the legend fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.map-toolbar summary', { hasText: 'Layers' }).click();
    const legend = page.getByRole('list', { name: 'Disaster warning levels' });
    await legend.waitFor();
    const box = await legend.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const shot = join(tmpdir(), 'disaster-390.png');
    await page.screenshot({ path: shot });
    console.log(`disaster layer at 390 px: ${shot}`);
    expect(errors).toEqual([]);
    await page.context().close();

    // In Chinese: the switch, the legend and the popup.
    const zh = { username: 'e2e-disaster-zh', password: 'Passw0rd!zh' };
    await createUser(baseUrl, { ...zh, role: 'viewer', language: 'zh-Hans' });
    const second = await newPage(browser);
    await signIn(
      second.page,
      baseUrl,
      zh.username,
      zh.password,
      '/login?next=%2F%3Flat%3D22.6%26lon%3D114.2%26zoom%3D8',
    );
    await second.page.waitForURL(/\/\?lat=22\.6/);
    await second.page.getByRole('checkbox', { name: '雷电灾害预警' }).check();
    await second.page.getByRole('list', { name: '雷电灾害预警等级' }).waitFor();
    await expect.poll(() => drawn(second.page), { timeout: 20_000 }).toContain('440300');
    await clickMapAt(second.page, [114.4, 22.65]);
    const zhPopup = second.page.getByRole('dialog', { name: '雷电灾害预警：深圳' });
    await zhPopup.waitFor({ timeout: 10_000 });
    await zhPopup.getByText('橙色（高）').waitFor();
    await zhPopup.getByText('近 1 小时地闪密集').waitFor();
    await second.page.screenshot({ path: join(tmpdir(), 'disaster-zh.png') });
    expect(second.errors).toEqual([]);
    await second.page.context().close();
  });
});
