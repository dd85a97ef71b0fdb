import { readFile } from 'node:fs/promises';
import type { AdviseJob } from '@thunderwatch/shared/schemas/advise';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringsSummaryText } from '../src/features/location/model/advise';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, startQuietServer } from './server';
import { text } from './ui-text';
import { adminToken, api, createUser, overflowing, signIn, stormWarnedInTime } from './web-helpers';

/**
 * The rules advisor on the location screen: a site with one stored storm, the advisor run over
 * the last 30 local days, its chart and table, a set applied through the confirm dialog and the site's
 * rings changed; then the same screen in Chinese on a 390 px phone, nothing sticking out.
 */
// A server of its own: its site and storm would change what the shared server's other specs count and fit
// (home's strokes of the last 5 minutes, the location screen's view of every site).
let server: RunningServer;
let baseUrl: string;
/** Far from the other specs' strokes: only this spec's storm reaches this site's rings. */
const SITE = { lat: 46.0, lon: 90.0 };
const NAME = 'E2E advisor quay';
const ZH_USER = { username: 'e2e-advise-zh', password: 'Advise12345', role: 'group_admin' };

let browser: Browser;
let token: string;
let site: LocationDto;
let feedKey: string;

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-advise' })).key;
  site = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: NAME,
    name_en: NAME,
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
  });
  await createUser(baseUrl, { ...ZH_USER, language: 'zh-Hans' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the advisor of the site and runs it with the defaults; waits for its table. */
async function runAdvisor(page: Page, title: string, run: string) {
  await page.locator('.location-table').getByRole('button', { name: NAME, exact: true }).click();
  const panel = page.getByTestId('advise-panel');
  await panel.getByText(title, { exact: true }).click();
  await panel.getByRole('button', { name: run }).click();
  await panel.getByTestId('advise-table').waitFor({ timeout: 90_000 });
  await panel.getByTestId('advise-chart').locator('canvas').waitFor();
  return panel;
}

describe('rules advisor', () => {
  it('runs for a site with a stored storm, shows the front and applies a set', {
    timeout: 240_000,
  }, async () => {
    // A storm (expect.poll runs inside a test): a stroke 15 km north raises orange, then one 2 km north.
    await stormWarnedInTime({ baseUrl, token, feedKey }, { id: site.id, ...SITE });
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 1366, height: 900 } });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Flocation');
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
    const panel = await runAdvisor(page, 'Rules advisor', 'Run advisor');

    // One storm reached the inner ring of the current rules (10 km); the figures are explained.
    await panel
      .getByTestId('advise-replayed')
      .getByText(/1 storm events reached the 10 km inner ring/)
      .waitFor();
    await panel
      .getByTestId('advise-explain')
      .getByText(/not a forecast/)
      .waitFor();
    expect(await panel.getByTestId('advise-recommendation').innerText()).toMatch(/^Recommended: /);

    // The table: the front first, the current rules and the recommended set marked.
    const table = panel.getByTestId('advise-table');
    await table.locator('tr.advise-current').getByText('current', { exact: true }).waitFor();
    const recommended = table.locator('tr.advise-recommended');
    await recommended.getByText('recommended', { exact: true }).waitFor();
    expect((await table.locator('tbody tr').first().getAttribute('class')) ?? '').not.toMatch(
      /advise-off-front/,
    );
    await page.screenshot({ path: '/tmp/advise-en-1366.png', fullPage: false });

    // Apply a set of the front other than the current rules: the recommended one if it is not current.
    const choice = (await recommended.getAttribute('class'))?.includes('advise-current')
      ? table.locator('tbody tr:not(.advise-current):not(.advise-off-front)').first()
      : recommended;
    const chosenRules = (await choice.locator('.advise-rules').innerText()).trim();
    await choice.locator('td.actions button').click();
    const dialog = page.getByTestId('advise-dialog');
    await dialog.getByRole('heading', { name: 'Give this site the chosen rules?' }).waitFor();
    expect((await dialog.getByTestId('advise-dialog-chosen').innerText()).trim()).toBe(chosenRules);
    await dialog.screenshot({ path: '/tmp/advise-en-dialog.png' });
    await dialog.getByRole('button', { name: 'Apply these rules' }).click();
    await panel.getByTestId('advise-applied').getByText(`The site now warns with ${chosenRules}.`).waitFor();

    // The site's rings are the chosen set's, in the API and in the edit form.
    const stored = await api<LocationDto>(baseUrl, token, 'GET', `/api/locations/${site.id}`);
    expect(ringsSummaryText(stored.rings)).toBe(chosenRules);
    const inner = [...stored.rings].sort((a, b) => b.level - a.level)[0];
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    expect(await page.getByLabel('Radius (km), ring 1').inputValue()).toBe(String(inner?.radius_km));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a 390 px phone in Chinese', { timeout: 240_000 }, async () => {
    // Signed in through the English form; the profile's language (Chinese) takes over from there.
    const { page, errors } = await newPage(browser, 'en-US', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, baseUrl, ZH_USER.username, ZH_USER.password, '/login?next=%2Flocation');
    await page.getByRole('heading', { name: text('zh-Hans', 'screens.location'), level: 1 }).waitFor();
    const panel = await runAdvisor(page, text('zh-Hans', 'advise.title'), text('zh-Hans', 'advise.run'));
    await panel
      .getByTestId('advise-explain')
      .getByText(/不是预报/)
      .waitFor();
    // The group's advisor: every site of the group, the current and recommended rules, the table as CSV.
    const group = page.getByTestId('advise-group-panel');
    await group.locator('summary').click();
    await group.getByRole('button', { name: text('zh-Hans', 'advise.run') }).click();
    await group.getByTestId(`advise-group-site-${site.id}`).waitFor({ timeout: 90_000 });
    expect(await overflowing(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      group.getByRole('button', { name: text('zh-Hans', 'advise.group.export_csv') }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toContain(NAME);
    await group.locator('summary').click();
    await panel.getByTestId('advise-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/advise-zh-390.png', fullPage: false });
    await panel.getByTestId('advise-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/advise-zh-390-table.png', fullPage: false });
    expect(await overflowing(page)).toEqual([]);
    // The confirm dialog fits too.
    await panel.locator('.advise-table td.actions button').first().click();
    await page.getByTestId('advise-dialog').waitFor();
    expect(await overflowing(page)).toEqual([]);
    await page.getByTestId('advise-dialog').screenshot({ path: '/tmp/advise-zh-390-dialog.png' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cancels a running advice and says why one failed, in Chinese on a 390 px phone', {
    timeout: 120_000,
  }, async () => {
    // This server finishes an advice within seconds, so the screen is shown jobs of the test's own: one that
    // runs until it is cancelled, then one whose site was deleted before it ran. The server's side of both
    // (the worker stopping, the reason found) is in apps/server's advise.test.ts.
    const now = new Date().toISOString();
    const jobOf = (id: string, over: Partial<AdviseJob> = {}): AdviseJob => ({
      id,
      status: 'running',
      progress: { done: 23, total: 92 },
      error: null,
      input: { location_id: site.id, from: now, to: now },
      created_at: now,
      finished_at: null,
      result: null,
      ...over,
    });
    const jobs = new Map<string, AdviseJob>();
    const next = [
      jobOf('e2e-running'),
      jobOf('e2e-failed', {
        status: 'failed',
        finished_at: now,
        error: {
          code: 'advise.location_gone',
          params: { location_id: site.id, name: '旧码头', name_en: 'Old pier' },
        },
      }),
    ];
    const cancelled: string[] = [];
    const { page, errors } = await newPage(browser, 'en-US', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.route('**/api/warning/advise', async (route) => {
      const job = next.shift();
      if (!job) return route.abort();
      jobs.set(job.id, job);
      await route.fulfill({
        status: 202,
        json: { ...job, status: 'queued', progress: { done: 0, total: 92 } },
      });
    });
    const jobRoute = (route: Route) => {
      const [, id, cancel] =
        /\/advise\/(e2e-[a-z]+)(\/cancel)?$/.exec(new URL(route.request().url()).pathname) ?? [];
      const job = id ? jobs.get(id) : undefined;
      if (!job) return route.abort();
      if (cancel) {
        cancelled.push(job.id);
        jobs.set(job.id, { ...job, status: 'cancelled', finished_at: new Date().toISOString() });
      }
      return route.fulfill({ json: jobs.get(job.id) });
    };
    await page.route(/\/api\/warning\/advise\/e2e-[a-z]+(\/cancel)?$/, jobRoute);

    await signIn(page, baseUrl, ZH_USER.username, ZH_USER.password, '/login?next=%2Flocation');
    await page.getByRole('heading', { name: text('zh-Hans', 'screens.location'), level: 1 }).waitFor();
    await page.locator('.location-table').getByRole('button', { name: NAME, exact: true }).click();
    const panel = page.getByTestId('advise-panel');
    await panel.getByText(text('zh-Hans', 'advise.title'), { exact: true }).click();
    const run = panel.getByRole('button', { name: text('zh-Hans', 'advise.run') });
    await run.click();

    // Running: the progress with its cancel button beside it, on the phone's width.
    const progress = panel.getByTestId('advise-progress');
    await progress.getByText('23', { exact: false }).waitFor();
    const cancel = progress.getByRole('button', { name: text('zh-Hans', 'advise.cancel') });
    await cancel.waitFor();
    expect(await overflowing(page)).toEqual([]);
    await progress.screenshot({ path: '/tmp/advise-zh-390-cancel.png' });
    await cancel.click();
    await panel.getByTestId('advise-cancelled').getByText(text('zh-Hans', 'advise.cancelled')).waitFor();
    expect(cancelled).toEqual(['e2e-running']);
    expect(await progress.count()).toBe(0);

    // Run again: this time the site was deleted before the job ran, and the screen says so, naming it.
    await run.click();
    const failed = panel.getByTestId('advise-failed');
    await failed
      .getByText(text('zh-Hans', 'errors.advise.location_gone').replace('{{name}}', '旧码头'))
      .waitFor();
    expect(await panel.getByTestId('advise-cancelled').count()).toBe(0);
    expect(await overflowing(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
