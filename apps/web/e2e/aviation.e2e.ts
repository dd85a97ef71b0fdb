import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The board's aviation view: an airport location (Pudong, ZSPD) with two aircraft within 50 km, one 3 km
 * from a stroke of a minute ago. The panel lists both, the near one first with its amber chip, in English
 * and in Chinese, with its (empty) list of flight alarms, and fits a 390 px phone.
 */
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
let locationId: number;
const ZSPD = { lat: 31.1443, lon: 121.8083 };

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const token = await adminToken(baseUrl);
  const feed = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-aviation' }))
    .key;
  locationId = (
    await api<{ id: number }>(baseUrl, token, 'POST', '/api/locations/', {
      name: 'Pudong',
      shape: { type: 'Point', coordinates: [ZSPD.lon, ZSPD.lat] },
      is_airport: true,
      airport_icao: 'ZSPD',
    })
  ).id;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feed },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  await post('/api/ingest/strokes', [
    {
      time: new Date(Date.now() - 60_000).toISOString(),
      lat: ZSPD.lat + 0.2,
      lon: ZSPD.lon + 0.03,
      peak_ka: -18,
      type: 'CG',
    },
  ]);
  const s = Math.floor(Date.now() / 1000) - 5;
  const v = (icao24: string, call: string, lat: number, lon: number, alt: number) => [
    icao24,
    call,
    'China',
    s,
    s,
    lon,
    lat,
    alt,
    false,
    110,
    180,
    -4,
    null,
    alt + 50,
    '4521',
    false,
    0,
  ];
  await post('/api/ingest/flights', {
    time: s,
    states: [
      v('780f01', 'E2E101  ', ZSPD.lat + 0.2, ZSPD.lon, 2300),
      v('780f02', 'E2E102  ', ZSPD.lat - 0.1, ZSPD.lon, 900),
    ],
  });
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const rowsOf = async (page: import('playwright-core').Page) =>
  page
    .getByTestId(`aircraft-${locationId}`)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );

describe('board: aviation view', () => {
  it('lists the aircraft within 50 km of the airport with their hazard, in both languages and at 390 px', {
    timeout: 120_000,
  }, async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Frealtimealert');
    await page.waitForURL(/\/realtimealert/);
    const panel = page.getByTestId(`aviation-${locationId}`);
    await panel.getByRole('heading', { name: /Aviation · Pudong/ }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => rowsOf(page), { timeout: 20_000 })
      .toEqual([
        ['E2E101', '2300', '22.2', 'Near'],
        ['E2E102', '900', '11.1', 'Clear'],
      ]);
    await panel.getByText('Near lightning: 1').waitFor();
    // No aircraft entered a cell at an orange airport: the alarm list says so.
    await panel.getByRole('heading', { name: 'Flight alarms, last 24 h' }).waitFor();
    await panel.getByText('No flight alarms in the last 24 hours.').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await panel.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);

    // The header's language switch (it also stores the admin's language; this server is the spec's own).
    await page.locator('#language-switch').selectOption('zh-Hans');
    await page
      .getByTestId(`aviation-${locationId}`)
      .getByRole('heading', { name: /航空 · Pudong/ })
      .waitFor({
        timeout: 20_000,
      });
    await expect
      .poll(() => rowsOf(page), { timeout: 20_000 })
      .toEqual([
        ['E2E101', '2300', '22.2', '靠近'],
        ['E2E102', '900', '11.1', '无'],
      ]);
    await page.getByTestId(`aviation-${locationId}`).getByText('最近 24 小时无航班告警。').waitFor();
    expect(errors).toEqual([]);
  });
});
