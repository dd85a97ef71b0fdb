import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlightIngestResult } from '@thunderwatch/shared/schemas/flights';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { clickMapAt, type MapWindow } from './map-helpers';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * Aircraft on the home map: two aircraft by Baiyun as OpenSky state vectors, a stroke a minute ago 4 km from
 * one of them. That one is drawn amber (`near`), the other calm; a click on it tells its hazard and draws its
 * track.
 */
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
let feedKey: string;
const ZGGG = { lat: 23.3924, lon: 113.2988 };

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-flights' })).key;
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

/** Two positions each of a descending arrival north of the airport and a departure south of it, ending now. */
async function ingestTraffic(): Promise<FlightIngestResult> {
  const s = Math.floor(Date.now() / 1000) - 5;
  const v = (
    icao24: string,
    call: string,
    t: number,
    lat: number,
    lon: number,
    alt: number,
    track: number,
  ) => [icao24, call, 'China', t, t, lon, lat, alt, false, 110, track, -4, null, alt + 50, '4521', false, 0];
  return (await post('/api/ingest/flights', {
    time: s,
    states: [
      v('780e01', 'E2E001  ', s - 60, ZGGG.lat + 0.25, ZGGG.lon, 2600, 180),
      v('780e01', 'E2E001  ', s, ZGGG.lat + 0.2, ZGGG.lon, 2300, 180),
      v('780e02', 'E2E002  ', s - 60, ZGGG.lat - 0.15, ZGGG.lon + 0.05, 1200, 160),
      v('780e02', 'E2E002  ', s, ZGGG.lat - 0.2, ZGGG.lon + 0.08, 1500, 160),
    ],
  })) as FlightIngestResult;
}

const drawnAircraft = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
    const source = map?.getSource('flights') as { serialize?: () => { data?: unknown } } | undefined;
    const data = (source?.serialize?.().data ?? { features: [] }) as {
      features: { properties: Record<string, unknown>; geometry: { coordinates: [number, number] } }[];
    };
    return data.features.map((f) => ({
      icao24: String(f.properties.icao24),
      hazard: String(f.properties.hazard),
      coordinates: f.geometry.coordinates,
    }));
  });

describe('home: aircraft layer', () => {
  it('shows an aircraft near a stroke as near, and its popup and track on a click', {
    timeout: 120_000,
  }, async () => {
    // A stroke a minute ago 4 km east of the arrival's latest position.
    await post('/api/ingest/strokes', [
      {
        time: new Date(Date.now() - 60_000).toISOString(),
        lat: ZGGG.lat + 0.2,
        lon: ZGGG.lon + 0.039,
        peak_ka: -18,
        type: 'CG',
      },
    ]);
    expect(await ingestTraffic()).toMatchObject({ stored: 4, rejected: [] });

    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      `/login?next=${encodeURIComponent(`/?lat=${ZGGG.lat}&lon=${ZGGG.lon}&zoom=9`)}`,
    );
    await page.waitForURL(/\/\?lat=23/);
    await page.getByRole('checkbox', { name: 'Aircraft' }).check();
    await page.getByRole('list', { name: 'Aircraft hazard' }).waitFor();
    await expect
      .poll(async () => (await drawnAircraft(page)).map((a) => `${a.icao24}:${a.hazard}`).sort(), {
        timeout: 20_000,
      })
      .toEqual(['780e01:near', '780e02:none']);
    // Drawn on screen, not only in the source.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = (document.querySelector('.map-canvas') as unknown as MapWindow).maplibreMap;
            return map.getLayer('flight-plane')
              ? map.queryRenderedFeatures({ layers: ['flight-plane'] }).length
              : 0;
          }),
        { timeout: 15_000 },
      )
      .toBe(2);

    const near = (await drawnAircraft(page)).find((a) => a.icao24 === '780e01');
    if (!near) throw new Error('the near aircraft is not on the map');
    await clickMapAt(page, near.coordinates as [number, number]);
    const popup = page.getByRole('dialog', { name: 'Aircraft E2E001' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText('Near lightning').waitFor();
    await popup.getByText(/\b[34](\.\d+)? km away/).waitFor();
    // Its track: both positions, the latest amber.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = (document.querySelector('.map-canvas') as unknown as MapWindow).maplibreMap;
            const source = map.getSource('flight-track-points') as { serialize?: () => { data?: unknown } };
            const data = source?.serialize?.().data as { features: { properties: { hazard: string } }[] };
            return data?.features.map((f) => f.properties.hazard) ?? [];
          }),
        { timeout: 15_000 },
      )
      .toEqual(['none', 'near']);
    await page.screenshot({ path: join(tmpdir(), 'flights-wide.png') });

    // A phone: the layer switcher folds; opened, the legend fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.map-toolbar summary', { hasText: 'Layers' }).click();
    const legend = page.getByRole('list', { name: 'Aircraft hazard' });
    await legend.waitFor();
    const legendBox = await legend.boundingBox();
    expect(legendBox && legendBox.x >= 0 && legendBox.x + legendBox.width <= 390).toBe(true);
    const shot = join(tmpdir(), 'flights-390.png');
    await page.screenshot({ path: shot });
    console.log(`aircraft layer at 390 px: ${shot}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
