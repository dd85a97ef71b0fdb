import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { WarningSkill } from '@thunderwatch/shared/schemas/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn, stormWarnedInTime } from './web-helpers';

/**
 * One skill truth: a storm warned in time at a new site, read off every screen that scores it (the location
 * screen, the board, the statistics screen, the alerts data sheet, the skill API and a backtest's replay) —
 * the same storm count and the same warned count everywhere.
 */
const baseUrl = sharedServerUrl();
/** Far from the other specs' strokes: only this spec's strokes reach this site's rings. */
const SITE = { lat: 44.0, lon: 84.0 };
const NAME = 'E2E skill pier';

let browser: Browser;
let token: string;
let feedKey: string;
let site: LocationDto;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-skill' })).key;
  site = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: NAME,
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('one skill truth', () => {
  it('shows the same storms and warned storms for the site on every screen', {
    timeout: 180_000,
  }, async () => {
    // A storm comes in: a stroke at 15 km raises orange; once orange is on, one falls 2 km from the site.
    await stormWarnedInTime({ baseUrl, token, feedKey }, { id: site.id, ...SITE });

    const skill = await api<WarningSkill>(
      baseUrl,
      token,
      'GET',
      `/api/warning/skill?location_id=${site.id}&from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}&to=${new Date().toISOString()}`,
    );
    // The answer every screen must show: one storm at the inner ring, warned before its first stroke there,
    // counted from the site's making.
    expect([skill.events, skill.hits, skill.failures_to_warn]).toEqual([1, 1, 0]);
    expect(Date.parse(skill.from)).toBeGreaterThanOrEqual(Date.parse(site.created_at));

    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Flocation');
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();

    // The location screen, with the note that skill counts from the site's making.
    await page.getByRole('button', { name: NAME, exact: true }).click();
    const panel = page.getByTestId('location-skill');
    await panel
      .getByText(/^Warned before lightning arrived in 1 of 1 storm since the site was made \(/)
      .waitFor();
    expect(await panel.getByTestId('skill-events').innerText()).toBe('1, 0 not warned in time');
    expect(await panel.getByTestId('skill-pod').innerText()).toBe('100%');
    await panel
      .getByTestId('skill-since')
      .getByText(/^Counted from when the site was made/)
      .waitFor();

    // The backtest replays the same strokes: the same one storm, warned in time by the replayed rings too.
    const backtest = page.getByTestId('backtest-panel');
    await backtest.getByText('Backtest', { exact: true }).click();
    await backtest.getByRole('button', { name: 'Run backtest' }).click();
    const results = backtest.getByTestId('backtest-results');
    await results.waitFor({ timeout: 30_000 });
    await results.getByText(/strokes replayed; 1 storm events reached the inner ring\./).waitFor();
    expect((await results.getByTestId('backtest-skill-pod').locator('td').first().innerText()).trim()).toBe(
      '100%',
    );

    // The board.
    await page.goto(`${baseUrl}/realtimealert`);
    const tile = page.getByTestId(`tile-${site.id}`);
    await expect
      .poll(() => tile.getByTestId('tile-skill').innerText(), { timeout: 15_000 })
      .toMatch(/^Warned in time 1\/1 since \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d/);

    // The statistics screen's skill of the location.
    await page.goto(`${baseUrl}/statistic`);
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await page.getByLabel('Area').selectOption('location');
    // (The label wraps the select, so its text holds the options too: found by the label's own words.)
    await page.locator('label:has(> span:text-is("Location")) select').selectOption({ label: NAME });
    const stats = page.getByTestId('location-skill');
    await stats.getByText('Storms at the inner ring').waitFor();
    // Scored since the site's making (minutes ago), and the heading says so, not "last 90 days".
    await stats
      .getByRole('heading', { name: /^Warning skill of the location, since it was made \(/ })
      .waitFor();
    const figure = async (label: string) =>
      (
        await stats
          .locator('div', { has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .innerText()
      ).trim();
    expect(await figure('Storms at the inner ring')).toBe('1');
    expect(await figure('Warned before')).toBe('1');

    // The alerts data sheet of this month.
    await page.goto(`${baseUrl}/data_sheet`);
    await page.getByRole('tab', { name: 'Alerts per location' }).click();
    const table = page.getByTestId('sheet-table');
    const row = table.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const cell = async (header: string) => {
      const i = headers.findIndex((h) => h.startsWith(header));
      expect(i, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
      return (await row.locator('td').nth(i).innerText()).trim();
    };
    expect(await cell('Storms at the inner ring')).toBe('1');
    expect(await cell('Warned before')).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
