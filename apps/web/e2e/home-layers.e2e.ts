import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapIngestResult } from '@thunderwatch/shared/schemas/weather-warning';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { capAlert } from './cap-fixture';
import { E2E_ADMIN } from './global-setup';
import { clickMapAt, type MapWindow } from './map-helpers';
import { type RunningServer, setAdminLanguage, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The home map's layers beside lightning: an official CAP warning (暴雨橙色预警 over a square near Guilin) is
 * drawn in orange and a click inside it tells its event, headline and times; a field mill at 4.2 kV/m is an
 * orange dot whose popup gives its reading. Both layers are off until switched on, in English on a desktop
 * and in Chinese on a phone.
 */
let server: RunningServer;
let browser: Browser;

/** Far from the simulator's and the other specs' places. */
const AREA = { south: 25, west: 110, north: 25.4, east: 110.6 };
const MILL = { lat: 25.3, lon: 110.5 };
/** A box as a CAP polygon (`lat,lon` pairs, closed). */
const ringOf = ({ south: s, west: w, north: n, east: e }: typeof AREA) =>
  `${s},${w} ${s},${e} ${n},${e} ${n},${w} ${s},${w}`;
beforeAll(async () => {
  server = await startQuietServer();
  browser = await launchBrowser();
  const token = await adminToken(server.baseUrl);
  const feedKey = (
    await api<{ key: string }>(server.baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-home-layers' })
  ).key;
  const cap = await fetch(`${server.baseUrl}/api/ingest/cap`, {
    method: 'POST',
    headers: { 'content-type': 'application/cap+xml', 'x-feed-key': feedKey },
    body: capAlert({
      now: Date.now(),
      identifier: `e2e-home-${Date.now()}`,
      sender: 'gx@cma.gov.cn',
      headline: '桂林市气象台发布暴雨橙色预警信号',
      areaDesc: '桂林市',
      polygon: ringOf(AREA),
      onset: true,
    }),
  });
  expect(cap.status, await cap.clone().text()).toBe(200);
  expect(((await cap.json()) as CapIngestResult).alerts[0]?.outcome).toBe('accepted');
  await api(server.baseUrl, token, 'POST', '/api/sensors/', {
    id: 'e2e-home-efm',
    kind: 'efm',
    name: 'Guilin mill',
    ...MILL,
  });
  const reading = await fetch(`${server.baseUrl}/api/ingest/sensors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify({ sensor: 'e2e-home-efm', time: new Date().toISOString(), values: { field: -4.2 } }),
  });
  expect(reading.status, await reading.clone().text()).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** The features a layer draws now (by a property). */
const drawn = (page: Page, layer: string, prop: string) =>
  page.evaluate(
    ([layer, prop]) => {
      const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
      if (!map?.getLayer(layer as string)) return [];
      return map
        .queryRenderedFeatures({ layers: [layer as string] })
        .map((f) => `${f.properties[prop as string]}:${f.properties.color}`);
    },
    [layer, prop],
  );

const AT = '/login?next=%2F%3Flat%3D25.2%26lon%3D110.3%26zoom%3D8';

describe('home: official warnings and sensors', () => {
  it('draws the warning’s area and the mill once switched on, and their popups tell what they are', {
    timeout: 150_000,
  }, async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, AT);
    await page.waitForURL(/\/\?lat=25\.2/);
    const warnings = page.getByRole('checkbox', { name: 'Official weather warnings' });
    expect(await warnings.isChecked()).toBe(false);
    // The choice is saved a moment after it is made (the next test opens with it).
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user_map_data') && r.request().method() === 'PUT' && r.ok(),
      { timeout: 30_000 },
    );
    await warnings.check();
    await page.getByRole('checkbox', { name: 'Field mills and met sensors' }).check();
    await page.getByRole('list', { name: 'Official weather warnings: Legend' }).waitFor();
    await expect
      .poll(() => drawn(page, 'weather-warning-fill', 'level'), { timeout: 20_000 })
      .toContain('orange:#f28c00');
    // The layer says how many are in force (it said nothing, so "none" and "not loaded" looked the same).
    await expect
      .poll(() => page.getByTestId('weather-warnings-note').innerText())
      .toMatch(/^\d+ warnings? in force$/);
    await expect
      .poll(() => drawn(page, 'sensors-dot', 'id'), { timeout: 20_000 })
      .toEqual(['e2e-home-efm:#f97316']);

    await clickMapAt(page, [MILL.lon, MILL.lat]);
    const mill = page.getByRole('dialog', { name: 'Sensor: Guilin mill' });
    await mill.waitFor({ timeout: 10_000 });
    await mill.getByText('-4.20 kV/m').waitFor();
    await mill.getByText('Field mill · field at least 3.5 kV/m').waitFor();

    await clickMapAt(page, [110.1, 25.1]);
    const popup = page.getByRole('dialog', { name: 'Official weather warning: Rainstorm orange warning' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText('桂林市气象台发布暴雨橙色预警信号').waitFor();
    await popup.getByText('Orange (severe)').waitFor();
    await page.screenshot({ path: join(tmpdir(), 'home-layers-en.png') });
    expect(errors).toEqual([]);
    await saved;
    await page.context().close();
  });

  it('keeps the choice, and speaks Chinese on a phone', { timeout: 150_000 }, async () => {
    await setAdminLanguage(server.baseUrl, 'zh-Hans');
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, AT);
    await page.waitForURL(/\/\?lat=25\.2/);
    // The map shows once it has loaded its style, tiles and first data (on a loaded machine, seconds).
    await page.locator('.map-view:not([data-opening])').waitFor({ timeout: 30_000 });
    // Saved by the switcher a moment after the change: both layers are on again.
    await expect
      .poll(() => drawn(page, 'weather-warning-fill', 'level'), { timeout: 20_000 })
      .toContain('orange:#f28c00');
    await page.locator('.map-toolbar summary', { hasText: /^图层$/ }).click();
    const legend = page.getByRole('list', { name: '气象预警信号: 图例' });
    await legend.waitFor();
    const box = await legend.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.locator('.map-toolbar summary', { hasText: /^图层$/ }).click();
    await clickMapAt(page, [110.1, 25.1]);
    const popup = page.getByRole('dialog', { name: '气象预警信号：暴雨橙色预警' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText('橙色（严重）').waitFor();
    const shot = join(tmpdir(), 'home-layers-390-zh.png');
    await page.screenshot({ path: shot });
    console.log(`home layers at 390 px: ${shot}`);
    expect(errors).toEqual([]);
  });
});
