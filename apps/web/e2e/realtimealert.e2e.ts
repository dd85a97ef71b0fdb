import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import type { StrokeInput } from '@thunderwatch/shared/strokes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

/** A server of its own: the test moves its clock past the all-clear instead of waiting the minute. */
let server: RunningServer;
let baseUrl: string;
/** Far from the other specs' strokes, so only this test's strokes reach this location's rings. */
const SITE = { lat: 25.0, lon: 110.0 };
/** 0.027° of latitude due north: 3.0 km at bearing 0°. */
const NORTH_3KM = { lat: SITE.lat + 0.027, lon: SITE.lon };
const NOTE = 'Cranes stopped, harbour staff told';

let browser: Browser;
let token: string;
let feedKey: string;
let location: LocationDto;

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-realtimealert' }))
    .key;
  // A one-minute all-clear, so the whole episode fits in the test.
  const ring = (radius_km: number, level: 1 | 2 | 3) => ({
    radius_km,
    level,
    all_clear_min: 1,
    min_strokes: 1,
    window_min: 1,
    include_ic: true,
  });
  location = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Harbour',
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
    rings: [ring(10, 3), ring(20, 2), ring(30, 1)],
  });
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

async function ingest(strokes: StrokeInput[]) {
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify(strokes),
  });
  expect(response.status).toBe(200);
}

/** A signed-in admin on the wall board, with notifications allowed. */
async function openBoard() {
  const opened = await newPage(browser, 'en-US', { permissions: ['notifications'] });
  await signIn(opened.page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Frealtimealert');
  await opened.page.waitForURL(`${baseUrl}/realtimealert`);
  return opened;
}

const tileOf = (page: Page) => page.getByTestId(`tile-${location.id}`);

describe('realtimealert: the wall board', () => {
  it('turns red on nearby lightning, flashes until confirmed with a note, then goes green after the all-clear', async () => {
    const { page, errors } = await openBoard();
    const other = await openBoard();
    const tile = tileOf(page);
    await tile.getByRole('heading', { name: 'E2E Harbour' }).waitFor();
    // Both screens show the board before the lightning comes.
    await tileOf(other.page).getByRole('heading', { name: 'E2E Harbour' }).waitFor();
    expect(await tile.getAttribute('data-level')).toBe('0');
    await tile.getByText('Clear', { exact: true }).waitFor();

    await ingest([{ time: new Date().toISOString(), ...NORTH_3KM, peak_ka: -31, type: 'CG', sensors: 6 }]);

    // Red within seconds, on both screens, with the stroke's distance and bearing.
    await expect.poll(() => tile.getAttribute('data-level'), { timeout: 15_000 }).toBe('3');
    // The site's skill beside its level: the stroke raised red itself, so the storm was not warned in time.
    await expect
      .poll(() => tile.getByTestId('tile-skill').innerText(), { timeout: 15_000 })
      .toMatch(/^Warned in time 0\/1 since \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/);
    await tile.getByText('Red · alarm').waitFor();
    expect(await tile.getByTestId('nearest').innerText()).toBe('3.0 km 0° N');
    expect(await tile.getByTestId('ring-10').innerText()).toBe('1');
    expect(await tile.getByTestId('countdown').innerText()).toMatch(/^0[01]:\d\d$/);
    await expect.poll(() => tile.getAttribute('data-flashing')).toBe('true');
    await expect
      .poll(() => tileOf(other.page).getAttribute('data-flashing'), { timeout: 15_000 })
      .toBe('true');
    expect(Number(await page.getByTestId('unconfirmed-count').innerText())).toBeGreaterThanOrEqual(1);

    // Confirming with a note on one screen stops the flashing on every screen.
    await tile.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: /Confirm alarm · E2E Harbour/ });
    await dialog.getByLabel('Note').fill(NOTE);
    await dialog.getByRole('button', { name: 'Confirm alarm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tile.getAttribute('data-flashing')).toBe('false');
    await expect
      .poll(() => tileOf(other.page).getAttribute('data-flashing'), { timeout: 15_000 })
      .toBe('false');
    const alarms = await api<{ items: AlarmDto[] }>(
      baseUrl,
      token,
      'GET',
      `/api/alarms/?location_id=${location.id}`,
    );
    expect(alarms.items.length).toBeGreaterThanOrEqual(1);
    for (const alarm of alarms.items) {
      expect(alarm.confirmed_at).not.toBeNull();
      expect(alarm.note).toBe(NOTE);
    }
    // Still red: confirming acknowledges the alarm, only the all-clear ends the warning.
    expect(await tile.getAttribute('data-level')).toBe('3');

    // One minute without strokes (the server's clock moves past it): the countdown runs out, the tile turns green.
    await server.advanceClock(61_000);
    await expect.poll(() => tile.getAttribute('data-level'), { timeout: 15_000 }).toBe('0');
    await tile.getByText('Clear', { exact: true }).waitFor();
    expect(await page.getByTestId('unconfirmed-count').innerText()).toBe('0');
    // The location screen tells the same in words, and the figures behind it.
    await page.goto(`${baseUrl}/location`);
    await page.getByRole('button', { name: 'E2E Harbour', exact: true }).click();
    const skill = page.getByTestId('location-skill');
    // The site was made minutes ago: its skill is counted since then, and the line says so (not "30 days").
    const line = skill.getByText(
      /^Warned before lightning arrived in 0 of 1 storm since the site was made \(/,
    );
    await line.waitFor({ timeout: 15_000 });
    expect(await skill.getByTestId('skill-pod').innerText()).toBe('0%');
    expect(await skill.getByTestId('skill-events').innerText()).toBe('1, 1 not warned in time');
    await skill.getByRole('button', { name: '90 days' }).click();
    await expect
      .poll(() => skill.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed'))
      .toBe('true');
    await line.waitFor();
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.page.context().close();
    await page.context().close();
  }, 180_000);
});
