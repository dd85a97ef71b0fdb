import type { StrokeInput } from '@thunderwatch/shared/strokes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { painted } from './map-helpers';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, createUser, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;
let feedKey: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const feed = await api<{ id: number; key: string }>(
    baseUrl,
    await adminToken(baseUrl),
    'POST',
    '/api/feeds/',
    {
      name: 'e2e-home',
    },
  );
  feedKey = feed.key;
});
afterAll(async () => {
  await browser?.close();
});

async function ingest(strokes: StrokeInput[]) {
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify(strokes),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { accepted: number };
}

/** Clicks the middle of the map until a stroke popup opens (the map draws in software and may lag). */
async function clickMapCentre(page: Page) {
  const box = await page.locator('.map-canvas').boundingBox();
  if (!box) throw new Error('no map on the page');
  const popup = page.getByRole('dialog', { name: 'Stroke details' });
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const opened = await popup.waitFor({ timeout: 500 }).then(
      () => true,
      () => false,
    );
    if (opened) return popup;
  }
  throw new Error('no stroke popup after clicking the map centre');
}

const shanghaiTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('home: live lightning map', () => {
  it('shows posted strokes on the map and their details, and counts live ones as they arrive', async () => {
    const time = new Date(Date.now() - 60_000).toISOString();
    const { accepted } = await ingest([
      { time, lat: 30.5, lon: 104.1, peak_ka: -23.44, type: 'CG', sensors: 7 },
      // Far enough away not to be under the click, close enough to be in the same view.
      { time, lat: 30.56, lon: 104.35, peak_ka: 8.1, type: 'IC', sensors: 4 },
    ]);
    expect(accepted).toBe(2);

    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2F%3Flat%3D30.5%26lon%3D104.1%26zoom%3D10',
    );
    await page.waitForURL(/\/\?lat=30\.5/);
    await expect.poll(() => page.getByTestId('count-5').innerText(), { timeout: 20_000 }).toBe('2');
    // The map opened unseen and shows once it has drawn its data (MapReveal). This browser draws WebGL in
    // software: MapLibre's canvas stays unseen, and each frame shows as a copy over it once drawn
    // (software-present.ts), the copy as large as the canvas and painted.
    await page.locator('.map-view:not([data-opening])').waitFor({ timeout: 15_000 });
    expect(
      await page.locator('.maplibregl-canvas').evaluate((canvas) => getComputedStyle(canvas).opacity),
    ).toBe('0');
    const shown = await page.locator('.map-present').evaluate((copy: HTMLCanvasElement) => {
      const drawn = document.querySelector('.maplibregl-canvas') as HTMLCanvasElement;
      const centre = copy.getContext('2d')?.getImageData(copy.width / 2, copy.height / 2, 1, 1).data;
      return {
        opacity: getComputedStyle(copy).opacity,
        sameSize: copy.width === drawn.width && copy.height === drawn.height,
        painted: (centre?.[3] ?? 0) > 0,
      };
    });
    expect(shown).toEqual({ opacity: '1', sameSize: true, painted: true });
    // Real feeds only (the simulator is off): no "simulated data" badge.
    expect(await page.getByText('Simulated data').count()).toBe(0);

    const popup = await clickMapCentre(page);
    await popup.getByText('Cloud-to-ground stroke').waitFor();
    await popup.getByText('−23.4 kA').waitFor();
    await popup.getByText(new RegExp(`${shanghaiTime(time)}\\.\\d{3}`)).waitFor();
    await popup.getByText('lat 30.5000°, lon 104.1000°').waitFor();
    // Sensors and source come from the full record.
    await popup.getByText('e2e-home').waitFor();
    await expect.poll(() => popup.locator('dd').nth(3).innerText()).toBe('7');

    await popup.getByRole('button', { name: 'Show flash' }).click();
    await popup.getByText(/Strokes in this flash: 1/).waitFor();

    // A stroke arriving now reaches the open map through the socket.
    await ingest([{ time: new Date().toISOString(), lat: 30.45, lon: 104.0, peak_ka: -15, type: 'CG' }]);
    await expect.poll(() => page.getByTestId('count-5').innerText(), { timeout: 15_000 }).toBe('3');

    // The map's view belongs to the home screen's address only: another screen's stays clean.
    // A fling: the map glides on after the mouse is up, and its move ends after the next screen has opened.
    await page.keyboard.press('Escape');
    const box = (await page.locator('.maplibregl-canvas').boundingBox()) as { x: number; y: number };
    await page.mouse.move(box.x + 200, box.y + 200);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++)
      await page.mouse.move(box.x + 200 + i * 60, box.y + 200 + i * 20, { steps: 1 });
    await page.mouse.up();
    await page.getByRole('link', { name: 'Real-time alerts' }).first().click();
    await page.waitForURL(`${baseUrl}/realtimealert`);
    // The board has drawn: a stray navigation back to the map would have happened by then.
    await page.getByTestId('unconfirmed-count').waitFor();
    await painted(page);
    expect(page.url()).toBe(`${baseUrl}/realtimealert`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replays the last 24 hours and returns to live', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    // At 1 min/s the shortest span (30 min) plays for 30 s: the replay cannot reach the present, and go live
    // by itself, before the test pauses it, however loaded the machine (at 10 min/s it took 3 s and did).
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('60');
    await page.getByRole('button', { name: 'Play back the last 24 hours' }).click();
    await page.getByText(/^Replay · /).waitFor();
    // 24 h before now nothing had been posted yet.
    expect(await page.getByTestId('count-60').innerText()).toBe('0');
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Live' }).click();
    await page.getByText(/^Live · /).waitFor();
    // Live, the screen runs no endless animation: without a graphics card (thin clients, remote desktops) the
    // page is composited in software, and the live dot's pulse alone kept nearly two cores busy.
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
        .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? String(a.id)),
    );
    expect(endless).toEqual([]);
    // The layer panel, however long, ends above the zoom buttons (its "Run now" buttons covered them).
    const [panelBottom, zoomTop] = await page.evaluate(() => [
      document.querySelector('.map-toolbar')?.getBoundingClientRect().bottom ?? 0,
      document.querySelector('.maplibregl-ctrl-bottom-right')?.getBoundingClientRect().top ?? 0,
    ]);
    expect(panelBottom).toBeLessThan(zoomTop as number);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the replay bar clear of the map controls on a phone, in Chinese', async () => {
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('zh-Hans')));
    await page.reload();
    const slider = page.getByRole('region', { name: '回放' });
    await slider.getByText(/^实时 · /).waitFor();
    const box = async (selector: string) => {
      // The bar shows before the map has added its controls (a slow software-WebGL start): wait for each.
      await page.locator(selector).first().waitFor();
      const b = await page.locator(selector).first().boundingBox();
      if (!b) throw new Error(`${selector} is not on screen`);
      return b;
    };
    const bar = await box('.time-slider');
    // The zoom buttons (bottom right), the scale (bottom left) and the attribution (bottom) stay uncovered.
    for (const selector of [
      '.maplibregl-ctrl-zoom-in',
      '.maplibregl-ctrl-scale',
      '.maplibregl-ctrl-attrib',
    ]) {
      const other = await box(selector);
      const apart =
        other.x >= bar.x + bar.width ||
        other.x + other.width <= bar.x ||
        other.y >= bar.y + bar.height ||
        other.y + other.height <= bar.y;
      expect(apart, `${selector} under the replay bar`).toBe(true);
    }
    expect(bar.x + bar.width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('draws the offline basemap with the cities of China named in the interface language, fetching nothing from the internet', async () => {
    await createUser(baseUrl, { username: 'e2e-basemap', password: 'basemap12345', role: 'viewer' });
    const { page, errors } = await newPage(browser);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      // data: and blob: URLs are the page's own memory (the strokes go to the map's worker as a blob).
      if (!/^(data|blob):/.test(request.url()) && !request.url().startsWith(baseUrl))
        elsewhere.push(request.url());
    });
    await signIn(
      page,
      baseUrl,
      'e2e-basemap',
      'basemap12345',
      '/login?next=%2F%3Flat%3D22.9%26lon%3D113.6%26zoom%3D7',
    );
    await page.waitForURL(/\/\?lat=22\.9/);

    /** The city names the map has placed on screen, and the property its labels are written from. */
    const cityLabels = () =>
      page.evaluate(() => {
        const element = document.querySelector('.map-canvas') as (Element & { maplibreMap?: MapLike }) | null;
        const map = element?.maplibreMap;
        const ids = ['city-labels', 'city-labels-major'];
        if (!map || !ids.every((id) => map.getLayer(id))) return null;
        return {
          field: JSON.stringify(map.getLayoutProperty('city-labels', 'text-field')),
          placed: map.queryRenderedFeatures({ layers: ids }).map((f) => f.properties.en),
        };
      });
    await expect.poll(cityLabels, { timeout: 30_000 }).toMatchObject({
      field: '["get","en"]',
      placed: expect.arrayContaining(['Shenzhen', 'Hong Kong']),
    });
    // The credit of the offline data, on screen at this zoom too (where the 1:50m world is not).
    await page.locator('.maplibregl-ctrl-attrib').waitFor({ state: 'visible' });
    await expect
      .poll(() => page.locator('.maplibregl-ctrl-attrib-inner').textContent())
      .toMatch(/Natural Earth.*GeoNames/);

    // The same labels, renamed in Chinese as soon as the interface is.
    await page.locator('#language-switch').selectOption('zh-Hans');
    await expect.poll(cityLabels, { timeout: 10_000 }).toMatchObject({
      field: '["get","zh"]',
      placed: expect.arrayContaining(['Shenzhen']),
    });
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** The little of MapLibre's map the basemap test reads, as the page sees it. */
interface MapLike {
  getLayer(id: string): unknown;
  getLayoutProperty(id: string, name: string): unknown;
  queryRenderedFeatures(options: { layers: string[] }): { properties: { en: string } }[];
}
