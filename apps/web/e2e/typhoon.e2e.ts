import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { TyphoonIngestResult } from '@thunderwatch/shared/schemas/typhoon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { clickMapAt, type MapWindow } from './map-helpers';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * Typhoons on the home map: a short ATCF b-deck, moved to the last hours so the storm is active, is drawn as a
 * track coloured by grade with its wind radii and forecast cone; a click on a track point tells its pressure.
 */
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
let feedKey: string;
const HOUR = 3_600_000;
/** A cyclone number no other spec uses, so the storm's id is this spec's own. */
const NUMBER = '93';

/** `YYYYMMDDHH` of a whole UTC hour. */
const atcfTime = (ms: number) => new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, '');

/**
 * Three six-hourly fixes of MAWAR (JTWC b-deck bwp022023.dat, 2023052112–2023052200, as in the geoips test
 * sectors) with their 34/50/64-kt radii, renumbered and moved to end at the last whole hour; then made-up JTWC
 * forecast lines (+12 h, +24 h) so the forecast track and cone are drawn.
 */
function bdeck(end: number): string {
  const t = [end - 12 * HOUR, end - 6 * HOUR, end].map(atcfTime);
  const fix = (time: string, lat: string, lon: string, wind: string, pres: string, rest: string[]) =>
    rest.map(
      (r) =>
        `WP, ${NUMBER}, ${time},   , BEST,   0, ${lat}, ${lon}, ${wind}, ${pres}, TY, ${r}      MAWAR, D,`,
    );
  return [
    ...fix(t[0] as string, ' 78N', '1480E', ' 70', ' 985', [
      ' 34, NEQ,   50,   45,   75,   70, 1010,  235,  25,   0,   0,   W,   0,    ,   0,   0,',
      ' 50, NEQ,   35,   20,   40,   40, 1010,  235,  25,   0,   0,   W,   0,    ,   0,   0,',
      ' 64, NEQ,    0,   15,   35,    0, 1010,  235,  25,   0,   0,   W,   0,    ,   0,   0,',
    ]),
    ...fix(t[1] as string, ' 82N', '1476E', ' 75', ' 979', [
      ' 34, NEQ,   50,   45,   75,   70, 1008,  280,  25,   0,   0,   W,   0,    ,   0,   0,',
      ' 50, NEQ,   35,   20,   40,   40, 1008,  280,  25,   0,   0,   W,   0,    ,   0,   0,',
      ' 64, NEQ,    0,   15,   35,    0, 1008,  280,  25,   0,   0,   W,   0,    ,   0,   0,',
    ]),
    ...fix(t[2] as string, ' 90N', '1473E', ' 85', ' 973', [
      ' 34, NEQ,   65,   80,   80,   75, 1009,  265,  25,   0,   0,   W,   0,    ,   0,   0,',
      ' 50, NEQ,   55,   40,   65,   40, 1009,  265,  25,   0,   0,   W,   0,    ,   0,   0,',
    ]),
    `WP, ${NUMBER}, ${t[2]}, 03, JTWC,  12,  98N, 1465E,  95,  965, TY`,
    `WP, ${NUMBER}, ${t[2]}, 03, JTWC,  24, 106N, 1455E, 105,  955, TY`,
  ].join('\n');
}

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-typhoon' })).key;
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** What the map's typhoon sources hold: shape kinds, and each point's time and pressure. */
const drawnTyphoon = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
    const data = (id: string) => {
      const source = map?.getSource(id) as { serialize?: () => { data?: unknown } } | undefined;
      return (source?.serialize?.().data ?? { features: [] }) as {
        features: { properties: Record<string, unknown>; geometry: { coordinates: unknown } }[];
      };
    };
    return {
      kinds: data('typhoons').features.map((f) => String(f.properties.kind)),
      points: data('typhoon-points').features.map((f) => ({
        storm: f.properties.storm,
        pressure: f.properties.pressure_hpa,
        coordinates: f.geometry.coordinates as [number, number],
      })),
    };
  });

describe('home: typhoon layer', () => {
  it('draws the active storm’s track, radii and cone, and a point’s popup tells its pressure', {
    timeout: 120_000,
  }, async () => {
    const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const response = await fetch(`${baseUrl}/api/ingest/typhoon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-feed-key': feedKey },
      body: bdeck(end),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const ingested = (await response.json()) as TyphoonIngestResult;
    expect(ingested.storms).toMatchObject([{ points: 3, forecast_points: 2 }]);
    const stormId = ingested.storms[0]?.id as string;

    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2F%3Flat%3D9%26lon%3D147.5%26zoom%3D6',
    );
    await page.waitForURL(/\/\?lat=9/);
    await page.getByRole('checkbox', { name: 'Typhoons' }).check();
    await page.getByRole('list', { name: 'Typhoon grades' }).waitFor();
    await expect
      .poll(async () => (await drawnTyphoon(page)).points.filter((p) => p.storm === stormId).length, {
        timeout: 20_000,
      })
      .toBe(5);
    const drawn = await drawnTyphoon(page);
    expect(await page.getByText('No active typhoon').count()).toBe(0);
    // Two track segments, the 34- and 50-kt radii of the latest fix, the forecast line and the cone.
    for (const kind of ['track', 'radii', 'forecast', 'cone']) expect(drawn.kinds, kind).toContain(kind);
    expect(drawn.kinds.filter((k) => k === 'track').length).toBeGreaterThanOrEqual(2);

    // Drawn on screen, not only in the source: the fixes' marks can be clicked.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = (document.querySelector('.map-canvas') as unknown as MapWindow).maplibreMap;
            return map.getLayer('typhoon-point')
              ? map.queryRenderedFeatures({ layers: ['typhoon-point'] }).length
              : 0;
          }),
        { timeout: 15_000 },
      )
      .toBe(3);
    await page.screenshot({ path: join(tmpdir(), 'typhoon-wide.png') });

    // The middle fix (979 hPa): click it.
    const middle = drawn.points.find((p) => p.storm === stormId && p.pressure === 979);
    if (!middle) throw new Error('the 979 hPa fix is not on the map');
    const clickPoint = (target: Page) => clickMapAt(target, middle.coordinates as [number, number]);
    await clickPoint(page);
    const popup = page.getByRole('dialog', { name: 'Typhoon MAWAR' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText('979 hPa').waitFor();
    await popup.getByText('Typhoon', { exact: true }).waitFor();

    // A phone: the layer switcher folds; opened, the legend fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.map-toolbar summary', { hasText: 'Layers' }).click();
    const legend = page.getByRole('list', { name: 'Typhoon grades' });
    await legend.waitFor();
    const legendBox = await legend.boundingBox();
    expect(legendBox && legendBox.x >= 0 && legendBox.x + legendBox.width <= 390).toBe(true);
    const toolbarWidth = await page.evaluate(() => {
      const toolbar = document.querySelector('.map-toolbar') as HTMLElement;
      return {
        scroll: toolbar.scrollWidth,
        client: toolbar.clientWidth,
        right: toolbar.getBoundingClientRect().right,
      };
    });
    expect(toolbarWidth.scroll).toBeLessThanOrEqual(toolbarWidth.client);
    expect(toolbarWidth.right).toBeLessThanOrEqual(390);
    const shot = join(tmpdir(), 'typhoon-390.png');
    await page.screenshot({ path: shot });
    console.log(`typhoon layer at 390 px: ${shot}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('realtimealert: typhoon alert', () => {
  it('turns a location inside the storm’s gale radius to a red typhoon alert beside its lightning level', {
    timeout: 120_000,
  }, async () => {
    const token = await adminToken(baseUrl);
    // 30 km from the storm's last fix (9.0 N, 147.3 E), well inside its 65–80 nmi gale radius.
    const site = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
      name: 'E2E Atoll',
      shape: { type: 'Point', coordinates: [147.3, 9.27] },
    });
    // Each ingest measures the storms against the locations.
    const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const response = await fetch(`${baseUrl}/api/ingest/typhoon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-feed-key': feedKey },
      body: bdeck(end),
    });
    expect(response.status, await response.clone().text()).toBe(200);

    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Frealtimealert');
    const chip = page.getByTestId(`tile-${site.id}`).getByText('Typhoon MAWAR');
    await chip.waitFor({ timeout: 20_000 });
    expect(await chip.getAttribute('title')).toMatch(
      /^Inside the storm's gale \(34-kt\) wind radius, \d+ km/,
    );
    expect(await chip.evaluate((e) => e.className)).toContain('rta-ww-red');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
