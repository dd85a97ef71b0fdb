import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { clickMapAt, type MapWindow } from './map-helpers';
import { type RunningServer, setAdminLanguage, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The wave screen: with no station it says so; after an ingest of three buoys (a rough sea off a harbour, a
 * moderate and a calm one) the map shows them in their Douglas colours, the harbour's wave alarm is listed,
 * the roughest station's charts are drawn with the threshold, and a click on a buoy opens its popup.
 */
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
let feedKey: string;
let token: string;
const HOUR = 3_600_000;

/** Hourly readings of the last day: the rough buoy's sea builds from 1 m to 5.2 m. */
function readings(now: number) {
  const rows: Record<string, unknown>[] = [];
  const buoys = [
    {
      station: 'E2EW-ROUGH',
      name: 'Rough buoy',
      lat: 22.0,
      lon: 114.3,
      height: (h: number) => 1 + (4.2 * h) / 23,
    },
    { station: 'E2EW-MID', name: 'Moderate buoy', lat: 21.2, lon: 112.8, height: () => 2 },
    { station: 'E2EW-CALM', name: 'Calm buoy', lat: 22.4, lon: 116.2, height: () => 0.4 },
  ];
  for (const b of buoys) {
    for (let h = 0; h < 24; h++) {
      rows.push({
        station: b.station,
        name: b.name,
        lat: b.lat,
        lon: b.lon,
        time: new Date(now - (23 - h) * HOUR).toISOString(),
        wave_height: Math.round(b.height(h) * 10) / 10,
        dominant_period: 8 + h / 6,
        average_period: 6 + h / 8,
        mean_direction: (90 + h * 5) % 360,
        wind_dir: 80,
        wind_speed: 9 + h / 3,
        wind_gust: 12 + h / 3,
      });
    }
  }
  return rows;
}

/** The stations the map draws now (rendered, not only in the source), with their colours. */
const drawnStations = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
    if (!map?.getLayer('wave-stations-dot')) return [];
    return map
      .queryRenderedFeatures({ layers: ['wave-stations-dot'] })
      .map((f) => ({ id: String(f.properties.id), color: String(f.properties.color) }));
  });

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-waves' })).key;
  await api(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Harbour',
    shape: { type: 'Point', coordinates: [114.3, 22.25] },
  });
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('wave screen', () => {
  it('says so when there is no wave station yet', { timeout: 60_000 }, async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Fwave');
    await page.getByTestId('wave-empty').waitFor();
    expect(await page.getByTestId('wave-empty').textContent()).toContain('No wave stations yet');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('colours the stations by sea state, lists the alarm, draws the charts, and fits a phone', {
    timeout: 120_000,
  }, async () => {
    const response = await fetch(`${baseUrl}/api/ingest/waves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
      body: JSON.stringify(readings(Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000)),
    });
    expect(response.status, await response.clone().text()).toBe(200);

    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 1280, height: 900 } });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Fwave');
    await expect.poll(async () => (await drawnStations(page)).length, { timeout: 20_000 }).toBe(3);
    const colours = Object.fromEntries((await drawnStations(page)).map((s) => [s.id, s.color]));
    // 5.2 m very rough (6), 2 m moderate (4), 0.4 m smooth (2): three colours.
    expect(new Set(Object.values(colours)).size).toBe(3);
    await page.getByRole('list', { name: 'Douglas sea scale' }).getByText('Very rough').waitFor();

    // The harbour, 28 km from the rough buoy, has its wave alarm.
    await page.getByRole('button', { name: /E2E Harbour: 5\.2 m at Rough buoy/ }).waitFor();
    // The roughest station is shown first: its charts, drawn on a canvas.
    expect(await page.getByRole('combobox', { name: 'Station' }).inputValue()).toBe('E2EW-ROUGH');
    const charts = page.getByRole('img', { name: 'Wave height, period and direction at Rough buoy' });
    await charts.locator('canvas').first().waitFor();
    await page.getByRole('button', { name: '7 days' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed'))
      .toBe('true');

    // A click on the calm buoy opens its popup.
    await clickMapAt(page, [116.2, 22.4]);
    const popup = page.getByRole('dialog', { name: 'Wave station Calm buoy' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText('0.4 m · 2 Smooth').waitFor();
    expect(await page.getByRole('combobox', { name: 'Station' }).inputValue()).toBe('E2EW-CALM');
    const wide = join(tmpdir(), 'wave-1280.png');
    await page.screenshot({ path: wide });
    console.log(`wave screen at 1280 px: ${wide}`);

    // A phone: panel and map stacked, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '24 h' }).click();
    await page.getByRole('img', { name: /^Wave height, period and direction at Calm buoy/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    const narrow = join(tmpdir(), 'wave-390.png');
    await page.screenshot({ path: narrow, fullPage: true });
    console.log(`wave screen at 390 px: ${narrow}`);

    // The legend folds on a phone; it opens on a tap. In Chinese.
    expect(await page.getByRole('list', { name: 'Douglas sea scale' }).isVisible()).toBe(false);
    await page.locator('#language-switch').selectOption('zh-Hans');
    await page.locator('.wave-legend summary').click();
    await page.getByRole('list', { name: '道格拉斯海况等级' }).waitFor();
    await page.getByRole('heading', { name: '当前海浪预警' }).waitFor();
    const zh = join(tmpdir(), 'wave-390-zh.png');
    await page.screenshot({ path: zh, fullPage: true });
    console.log(`wave screen at 390 px in Chinese: ${zh}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sets a location’s own wave alarm threshold in metres in the location form, on a phone', {
    timeout: 90_000,
  }, async () => {
    // The screen before switched the administrator to Chinese.
    await setAdminLanguage(baseUrl, 'en');
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Flocation');
    await page.getByRole('button', { name: 'Edit E2E Harbour' }).click();
    const field = page.getByLabel('Wave alarm threshold (m)');
    expect(await field.inputValue()).toBe('');
    await field.fill('50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be between 0.1 and 30').waitFor();
    await field.fill('2.5');
    await field.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const shot = join(tmpdir(), 'wave-location-form-390.png');
    await page.screenshot({ path: shot });
    console.log(`location form at 390 px: ${shot}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'New location' }).waitFor();
    const list = await api<{ items: { name: string; wave_alert_cm: number | null }[] }>(
      baseUrl,
      token,
      'GET',
      '/api/locations/?limit=100&offset=0',
    );
    expect(list.items.find((l) => l.name === 'E2E Harbour')?.wave_alert_cm).toBe(250);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
