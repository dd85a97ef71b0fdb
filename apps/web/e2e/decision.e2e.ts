import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type MapWindow, mapIdle, painted } from './map-helpers';
import { type RunningServer, setAdminLanguage, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The gale warning screen: station winds ingested over the last hour show on the map by Beaufort force and in
 * the table of stations at gale with their trend; the checklist of the level the stations reach is ticked and
 * says who ticked it; the page fits 1920×1080 and 1366×768 without scrolling and stacks at 390 px.
 */
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
let feedKey: string;
const MIN = 60_000;

/** Winds every 10 min over the last hour: a rising gale at the coast, a falling breeze inland, a calm one. */
function winds(now: number) {
  const stations = [
    { station: 'E2EDEC-ZH', name: 'Zhuhai coast', lat: 22.2, lon: 113.55, start: 20, step: 1.2, gust: 33 },
    { station: 'E2EDEC-SZ', name: 'Shenzhen bay', lat: 22.5, lon: 113.95, start: 15, step: -0.5, gust: 18 },
    { station: 'E2EDEC-GZ', name: 'Guangzhou', lat: 23.13, lon: 113.26, start: 4, step: 0, gust: null },
  ];
  return stations.flatMap((s) =>
    Array.from({ length: 7 }, (_, i) => ({
      station: s.station,
      ...(i === 0 ? { name: s.name, lat: s.lat, lon: s.lon } : {}),
      time: new Date(now - (60 - i * 10) * MIN).toISOString(),
      wind_speed: Math.round((s.start + i * s.step) * 10) / 10,
      wind_dir: 140,
      ...(s.gust === null ? {} : { wind_gust: s.gust }),
    })),
  );
}

const HOUR = 3_600_000;
/** `YYYYMMDDHH` of a whole UTC hour. */
const atcfTime = (ms: number) => new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, '');

/**
 * Three six-hourly fixes in the format of JTWC b-deck bwp022023.dat (MAWAR), made up to approach the Pearl
 * River Delta and renumbered 94 so the storm is this spec's own, ending at the last whole hour.
 */
function bdeck(end: number): string {
  const fix = (ms: number, lat: string, lon: string, wind: string, pres: string) =>
    `WP, 94, ${atcfTime(ms)},   , BEST,   0, ${lat}, ${lon}, ${wind}, ${pres}, TY,  34, NEQ,   60,   60,   60,   60, 1008,  250,  25,   0,   0,   W,   0,    ,   0,   0,      DECIDE, D,`;
  return [
    fix(end - 12 * HOUR, '198N', '1170E', ' 70', ' 985'),
    fix(end - 6 * HOUR, '204N', '1160E', ' 75', ' 979'),
    fix(end, '210N', '1152E', ' 80', ' 975'),
  ].join('\n');
}

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-decision' })).key;
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** The forces the map's wind-station source holds. */
const drawnForces = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
    const source = map?.getSource('wind-stations') as { serialize?: () => { data?: unknown } } | undefined;
    const data = (source?.serialize?.().data ?? { features: [] }) as {
      features: { properties: { id: string; force: number } }[];
    };
    return Object.fromEntries(data.features.map((f) => [f.properties.id, f.properties.force]));
  });

const drawnTyphoonPoints = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
    const source = map?.getSource('typhoon-points') as { serialize?: () => { data?: unknown } } | undefined;
    return ((source?.serialize?.().data ?? { features: [] }) as { features: unknown[] }).features.length;
  });

/** Whether the page itself scrolls (its panels may scroll inside). */
const pageScrolls = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1;
  });

describe('decision: the gale warning screen', () => {
  it('shows station winds by force with trends, and ticks the checklist with who and when', {
    timeout: 150_000,
  }, async () => {
    const response = await fetch(`${baseUrl}/api/ingest/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
      body: JSON.stringify(winds(Date.now())),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const storm = await fetch(`${baseUrl}/api/ingest/typhoon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-feed-key': feedKey },
      body: bdeck(Math.floor(Date.now() / HOUR) * HOUR - HOUR),
    });
    expect(storm.status, await storm.clone().text()).toBe(200);

    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 1920, height: 1080 } });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Fdecision');
    await page.waitForURL(/\/decision/);
    await page.getByRole('heading', { name: 'Gale warning', level: 1 }).waitFor();

    // Zhuhai: 27.2 m/s (force 10) and rising, gust 33 (force 12): CMA orange; Shenzhen 12 m/s (6) falling.
    const table = page.getByRole('table');
    const zhuhai = table.getByRole('row', { name: /Zhuhai coast/ });
    await zhuhai.waitFor({ timeout: 20_000 });
    await expect.poll(() => zhuhai.textContent()).toMatch(/10.*27\.2.*33\.0 \(12\).*rising/);
    await expect
      .poll(() => table.getByRole('row', { name: /Shenzhen bay/ }).textContent())
      .toMatch(/6.*12\.0.*falling/);
    expect(await table.getByRole('row', { name: /Guangzhou/ }).count()).toBe(0);
    await page.getByText('≥ 10 (1)').click();
    expect(await table.getByRole('row', { name: /Shenzhen bay/ }).count()).toBe(0);
    await expect
      .poll(() => drawnForces(page), { timeout: 20_000 })
      .toMatchObject({
        'E2EDEC-ZH': 10,
        'E2EDEC-SZ': 6,
        'E2EDEC-GZ': 3,
      });
    // The storm's track is drawn by the home map's typhoon layer and listed beside the warnings.
    await page
      .getByRole('list', { name: 'Active typhoons' })
      .getByText('DECIDE')
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => drawnTyphoonPoints(page), { timeout: 20_000 }).toBe(3);
    await page.getByText('Gale measured at stations (no official warning)').waitFor();
    await page.getByText('No official gale or typhoon warning in force.').waitFor();

    const checklist = page.getByRole('region', { name: 'Checklist: Orange' });
    await checklist.waitFor();
    const item = checklist.getByRole('checkbox', { name: 'Stop all open-air work; move staff to shelter' });
    await item.check();
    await checklist.getByText(/✓ admin at \d\d:\d\d/).waitFor({ timeout: 10_000 });
    await checklist.getByText('1 of 4 done').waitFor();
    expect(await pageScrolls(page)).toBe(false);
    // The map has moved to the stations and the storm and drawn its basemap.
    await mapIdle(page);
    await page.screenshot({ path: join(tmpdir(), 'decision-1920.png') });

    // The tick is stored: a reload shows it again.
    await page.reload();
    await page
      .getByRole('region', { name: 'Checklist: Orange' })
      .getByText(/✓ admin at/)
      .waitFor();
    expect(
      await page.getByRole('checkbox', { name: 'Stop all open-air work; move staff to shelter' }).isChecked(),
    ).toBe(true);

    // An admin (checklist.manage) adds an item to the orange list and removes it again.
    const orange = page.getByRole('region', { name: 'Checklist: Orange' });
    await orange.getByRole('button', { name: 'Edit list' }).click();
    await orange.getByLabel('New item (Chinese)').fill('关闭港口闸门');
    await orange.getByLabel('New item (English)').fill('Close the harbour gates');
    await orange.getByRole('button', { name: 'Add to the Orange list' }).click();
    await orange.getByRole('checkbox', { name: 'Close the harbour gates' }).waitFor();
    await orange.getByText('1 of 5 done').waitFor();
    await page.screenshot({ path: join(tmpdir(), 'decision-edit.png') });
    await orange.getByRole('button', { name: 'Remove “Close the harbour gates”' }).click();
    await orange.getByText('1 of 4 done').waitFor();
    await orange.getByRole('button', { name: 'Done' }).click();

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.reload();
    await table.getByRole('row', { name: /Zhuhai coast/ }).waitFor();
    await painted(page);
    expect(await pageScrolls(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'decision-1366.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await painted(page);
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(tmpdir(), 'decision-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('speaks Chinese', async () => {
    await setAdminLanguage(baseUrl, 'zh-Hans');
    try {
      const { page, errors } = await newPage(browser, 'zh-CN', { viewport: { width: 1920, height: 1080 } });
      await page.goto(`${baseUrl}/login?next=%2Fdecision`);
      await page.locator('input[autocomplete="username"]').fill(E2E_ADMIN.username);
      await page.locator('input[type="password"]').fill(E2E_ADMIN.password);
      await page.locator('button[type="submit"]').click();
      await page
        .getByRole('region', { name: '处置清单：橙色' })
        .getByText(/✓ admin 于/)
        .waitFor({ timeout: 20_000 });
      await page.getByText('大风站点').waitFor();
      await mapIdle(page);
      await page.screenshot({ path: join(tmpdir(), 'decision-1920-zh.png') });
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await setAdminLanguage(baseUrl, 'en');
    }
  });
});
