import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { NAV_SCREENS } from '../src/app/screens';
import { overflowing } from './web-helpers';

/** Every screen a signed-in administrator reaches: the navigation's and those outside it. */
export const PHONE_ROUTES = [
  ...NAV_SCREENS.map((s) => s.path),
  '/profile',
  '/change_password',
  '/no/such/page',
];

/**
 * The dialogs, drawers and pop-overs a duty officer opens on a phone, each opened the way a person does (the
 * demo's data gives each something to show): what to click on which screen, and what opens.
 */
const DIALOGS: { path: string; open: string | string[]; shows: string }[] = [
  { path: '/realtimealert', open: '.rta-confirm-button', shows: 'dialog[open]' },
  { path: '/access_log', open: '.date-field-button', shows: '.calendar-popover' },
  { path: '/device', open: '.device-open', shows: '.device-drawer' },
  {
    path: '/admin/database',
    open: [
      'main button:text-is("users")',
      'main form button[type="submit"]',
      '.adb-rows tbody tr .link-button',
    ],
    shows: 'dialog[open], [role="dialog"]',
  },
  { path: '/location', open: 'main button.button', shows: '.location-form' },
  { path: '/distribute', open: 'main .panel-header button, main button.button', shows: 'main form' },
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * On a phone (the page's viewport is 390 px wide): every route and every dialog shows nothing past the screen's
 * right edge (`overflowing`, content cut off inside scrollers included; maps may pan).
 */
export async function walkPhone(page: Page, baseUrl: string) {
  for (const path of PHONE_ROUTES) {
    await page.goto(`${baseUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    await settle(page);
    expect(await overflowing(page), path).toEqual([]);
  }
  for (const dialog of DIALOGS) {
    await page.goto(`${baseUrl}${dialog.path}`);
    await page.locator('main h1').first().waitFor();
    for (const step of [dialog.open].flat()) {
      const opener = page.locator(step).first();
      await opener.waitFor({ timeout: 20_000 });
      await opener.click();
    }
    await page.locator(dialog.shows).first().waitFor();
    await settle(page);
    expect(await overflowing(page), `${dialog.path}: ${dialog.shows}`).toEqual([]);
  }
}
