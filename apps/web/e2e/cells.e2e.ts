import { RAMPS } from '@thunderwatch/domain/weather/radar-ramps';
import type { CellCollection } from '@thunderwatch/shared/schemas/cells';
import { encode } from 'fast-png';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { clickMapAt } from './map-helpers';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * Storm cells on the home map: a burst of flashes far from every other e2e test's strokes, over a radar echo,
 * becomes a cell at the tracker's next minute step; the map draws it, its popup tells what it is (with the
 * echo's peak reflectivity) with a flash-rate chart, and a replay asks for the cells of the minute shown.
 */
let baseUrl: string;
let server: RunningServer;
const CENTRE = { lat: 30.2, lon: 104.1 };
let browser: Browser;
let token: string;
let feedKey: string;

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-cells' })).key;
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** 90 flashes over the last 90 s within about 3 km of the centre (one stroke each, a second apart). */
async function ingestBurst() {
  const now = Date.now();
  const strokes = Array.from({ length: 90 }, (_, i) => ({
    time: new Date(now - 90_000 + i * 1000).toISOString(),
    lat: CENTRE.lat + ((i % 7) - 3) * 0.008,
    lon: CENTRE.lon + ((i % 5) - 2) * 0.008,
    peak_ka: i % 4 === 0 ? -24 : 8,
    type: i % 4 === 0 ? 'CG' : 'IC',
  }));
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify(strokes),
  });
  expect(response.status).toBe(200);
}

// The palette of IEM's N0R composites (as in radar.e2e.ts): index i is −30 + 5i dBZ, so 16 is 50 dBZ.
const N0R_PALETTE = RAMPS.n0r.colours.map((c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255]);

/** A 40 × 40 N0R frame of 0.01° cells round the centre, now, with a 50 dBZ echo of 10 × 10 cells on it. */
async function ingestEcho() {
  const data = new Uint8Array(40 * 40);
  for (let r = 15; r < 25; r++) for (let c = 15; c < 25; c++) data[r * 40 + c] = 16;
  const png = encode({ width: 40, height: 40, data, depth: 8, channels: 1, palette: N0R_PALETTE });
  const q = new URLSearchParams({
    west: String(CENTRE.lon - 0.2),
    south: String(CENTRE.lat - 0.2),
    east: String(CENTRE.lon + 0.2),
    north: String(CENTRE.lat + 0.2),
    time: new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString(),
    ramp: 'n0r',
    product: 'e2e_cells_n0r',
  });
  const response = await fetch(`${baseUrl}/api/ingest/radar?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', 'x-feed-key': feedKey },
    body: new Blob([new Uint8Array(png)]),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The tracked cell over the burst in the latest step, if there is one yet. */
async function burstCell() {
  const cells = await api<CellCollection>(baseUrl, token, 'GET', '/api/scz');
  return (
    cells.features.find(
      (f) =>
        Math.abs(f.properties.centroid[0] - CENTRE.lon) < 0.1 &&
        Math.abs(f.properties.centroid[1] - CENTRE.lat) < 0.1,
    ) ?? null
  );
}

/** The cell ids the map has drawn on screen (centroid marks and jump marks). */
const drawnCells = (page: Page) =>
  page.evaluate(() => {
    const map = (
      document.querySelector('.map-canvas') as unknown as { maplibreMap?: import('maplibre-gl').Map } | null
    )?.maplibreMap;
    const layers = ['cell-centre', 'cell-jump'].filter((id) => map?.getLayer(id));
    if (!map || layers.length === 0) return [];
    return map.queryRenderedFeatures({ layers }).map((f) => String(f.properties.id));
  });

describe('home: nowcast cells layer', () => {
  it('draws the tracked cell, opens its popup with the flash-rate chart, and asks for the replayed minute', {
    timeout: 90_000,
  }, async () => {
    await ingestEcho();
    await ingestBurst();
    // The tracker steps once a minute (5 s past it): the burst is a cell by the next step, with the echo. The
    // server's clock moves past that minute and the step is taken at once.
    await server.advanceClock(65_000);
    expect((await burstCell())?.properties.max_dbz ?? null).toBe(50);
    const cell = await burstCell();
    if (!cell) throw new Error('the burst did not become a cell');
    expect(cell.properties.made_from).toBe('both');

    const { page, errors } = await newPage(browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/scz')) asked.push(request.url());
    });
    await signIn(
      page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      `/login?next=${encodeURIComponent(`/?lat=${CENTRE.lat}&lon=${CENTRE.lon}&zoom=10`)}`,
    );
    await page.waitForURL(/\/\?lat=30\.2/);
    await page.getByRole('checkbox', { name: 'Nowcast cells' }).check();
    await expect.poll(() => drawnCells(page), { timeout: 20_000 }).toContain(cell.properties.id);
    expect(asked.some((url) => /\/api\/scz(\?|$)/.test(url) && !url.includes('time='))).toBe(true);
    expect(asked.some((url) => url.includes('/api/scz_query_range?') && url.includes('bbox='))).toBe(true);

    // The popup, from the cell's mark at its centroid.
    await clickMapAt(page, cell.properties.centroid);
    const popup = page.getByRole('dialog', { name: `Storm cell ${cell.properties.id}` });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText(/\/min total · .*\/min CG/).waitFor();
    await popup.getByText('up to 50 dBZ').waitFor();
    await popup.locator('.cell-sparkline canvas').waitFor({ timeout: 15_000 });

    // A replay a few minutes back asks for the cells of that minute.
    const slider = page.getByRole('slider', { name: 'Time shown' });
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => asked.some((url) => /\/api\/scz\?time=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A00\.000Z/.test(url)), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
