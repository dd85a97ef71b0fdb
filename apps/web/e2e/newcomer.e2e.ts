import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN, type RunningServer, setAdminLanguage, startServer } from './server';
import { text } from './ui-text';

/**
 * A newcomer's first minutes after `npm start` (the simulator's demo on), on a desktop in English and on a
 * phone in Chinese: sign in, the map opens on the demo sites with live storms, a red alarm is in the
 * admin's inbox with no setup, the board shows it, confirm it. Nothing may be wider than the screen.
 */

/** Where the demo's sites are (Guangzhou, Dongguan, Shenzhen: the simulator's storms are around them). */
const DEMO_AREA = { west: 113.0, south: 22.3, east: 114.6, north: 23.6 };

const WALKS = [
  {
    name: 'a desktop in English',
    lang: 'en' as const,
    locale: 'en-US',
    viewport: { width: 1366, height: 768 },
    phone: false,
  },
  {
    name: 'a phone in Chinese',
    lang: 'zh-Hans' as const,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    phone: true,
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `page ${page.url()} is wider than the screen`).toBeLessThanOrEqual(widths[1] as number);
}

/** The part of the world the home map shows, from the view it writes into the address. */
function shownArea(url: string, viewport: { width: number; height: number }) {
  const params = new URL(url).searchParams;
  const [lat, lon, zoom] = ['lat', 'lon', 'zoom'].map((name) => Number(params.get(name)));
  const degPerPx = 360 / (512 * 2 ** (zoom as number));
  const halfW = (viewport.width / 2) * degPerPx;
  // Good enough at these latitudes for a containment check: Mercator stretches latitude by 1/cos.
  const halfH = (viewport.height / 2) * degPerPx * Math.cos(((lat as number) * Math.PI) / 180);
  return {
    west: (lon as number) - halfW,
    east: (lon as number) + halfW,
    south: (lat as number) - halfH,
    north: (lat as number) + halfH,
    zoom: zoom as number,
  };
}

describe.each(WALKS)('a newcomer on $name', ({ lang, locale, viewport, phone }) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SIMULATOR: 'on' });
    await setAdminLanguage(server.baseUrl, lang);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('signs in, sees the demo sites and storms, finds a red alarm in the inbox and confirms it on the board', async () => {
    const { page, errors } = await newPage(browser, locale, { viewport, isMobile: phone, hasTouch: phone });
    const t = (key: string) => text(lang, key);
    const tap = async (locator: ReturnType<Page['locator']>) => (phone ? locator.tap() : locator.click());

    // Sign in: the address asks for the map, the login page comes first.
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(/\/login/);
    await noSidewaysScroll(page);
    await page.getByLabel(t('login.username')).fill(E2E_ADMIN.username);
    await page.getByLabel(t('login.password')).fill(E2E_ADMIN.password);
    await tap(page.getByRole('button', { name: t('login.submit') }));

    // The map opens on the demo sites (not all of China), with the demo's storms counted.
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('zoom'), { timeout: 30_000 });
    await expect
      .poll(async () => Number((await page.getByTestId('count-60').innerText()).replace(/\D/g, '')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await expect.poll(() => shownArea(page.url(), viewport).zoom, { timeout: 15_000 }).toBeGreaterThan(6);
    const area = shownArea(page.url(), viewport);
    expect(area.west).toBeLessThan(DEMO_AREA.east);
    expect(area.east).toBeGreaterThan(DEMO_AREA.west);
    expect(area.south).toBeLessThan(DEMO_AREA.north);
    expect(area.north).toBeGreaterThan(DEMO_AREA.south);
    await noSidewaysScroll(page);

    // To the inbox: through the menu on a phone, the side navigation elsewhere.
    const nav = page.getByRole('navigation', { name: t('nav.label') });
    if (phone) {
      expect(await nav.isVisible()).toBe(false);
      await tap(page.getByRole('button', { name: t('nav.open') }));
    }
    await tap(nav.getByRole('link', { name: new RegExp(`^${t('screens.notification')}`) }));
    await page.waitForURL(/\/notification/);
    if (phone) await nav.waitFor({ state: 'hidden' });
    // A red alarm of the demo reached the admin through the demo group's duty desk, with no setup.
    const red = page.locator('.inbox-entry[data-level="3"]').first();
    await red.waitFor({ timeout: 90_000 });
    await noSidewaysScroll(page);

    // Its link opens the board, where the red tile offers the confirmation within reach.
    await tap(red.getByRole('link', { name: t('notification.inbox.open_board') }));
    await page.waitForURL(/\/realtimealert/);
    const tile = page.locator('[data-testid^="tile-"][data-level="3"]').first();
    await tile.waitFor({ timeout: 30_000 });
    const confirm = tile.getByRole('button', { name: t('realtimealert.tile.confirm') });
    await confirm.scrollIntoViewIfNeeded();
    const box = await confirm.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(phone ? 36 : 24);
    await noSidewaysScroll(page);
    await tap(confirm);
    const dialog = page.getByRole('dialog');
    await tap(dialog.getByRole('button', { name: t('realtimealert.dialog.confirm') }));
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tile.getAttribute('data-flashing')).toBe('false');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
