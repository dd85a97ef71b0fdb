import { readFile } from 'node:fs/promises';
import type { AlertDto, AlertPage } from '@thunderwatch/shared/schemas/alerts';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { setAdminLanguage } from './server';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, overflowing, signIn, stormWarnedInTime } from './web-helpers';

/**
 * (Named to run after home.e2e.ts on its worker: home counts the strokes of the last minutes, and this spec
 * posts some.)
 *
 * The alert history: a storm at a new site (orange at 15 km, then red at 2 km) is one episode, found by
 * filtering to the site, with its peak level and whether it warned before the inner ring; its detail shows
 * the timeline, rings and alarms; the filtered list downloads as CSV and Excel, the episode as CAP; the same
 * link in Chinese on a phone opens the same view without sideways scrolling.
 */
const baseUrl = sharedServerUrl();
/** Far from the other specs' strokes: only this spec's strokes reach this site's rings. */
const SITE = { lat: 47.0, lon: 127.0 };
/** The site's English name, which the English screens and exports show, and its own (Chinese) one. */
const NAME = 'E2E history quay';
const NAME_ZH = 'E2E 历史码头';

let browser: Browser;
let token: string;
let feedKey: string;
let site: LocationDto;

async function episodes(): Promise<AlertDto[]> {
  return (await api<AlertPage>(baseUrl, token, 'GET', `/api/alert_hist/?location_id=${site.id}`)).items;
}

async function downloaded(page: Page, button: string): Promise<{ download: Download; body: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { download, body: await readFile((await download.path()) as string) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-history' })).key;
  site = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: NAME_ZH,
    name_en: NAME,
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
  });
});
afterAll(async () => {
  await browser?.close();
  // The phone switched the admin's language to Chinese, which their profile keeps: back to English for the
  // specs after this one on the shared server.
  await setAdminLanguage(baseUrl, 'en');
});

describe('alert history', () => {
  it('lists, details and exports a storm’s episode, and reads in Chinese on a phone', {
    timeout: 120_000,
  }, async () => {
    await stormWarnedInTime({ baseUrl, token, feedKey }, { id: site.id, ...SITE });
    await expect.poll(async () => (await episodes())[0]?.peak_level, { timeout: 15_000 }).toBe(3);
    const [episode] = await episodes();
    if (!episode) throw new Error('no episode');
    // Orange came before the first stroke inside the inner ring: warned in time.
    expect(episode.warned_before_first_inner).toBe(true);
    const lead = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(
      episode.lead_time_min ?? -1,
    );

    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Falert_history');
    await page.getByRole('heading', { name: 'Alert history', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Alert history · /);
    // Admins choose a group; everyone filters by location.
    await page.getByLabel('Group', { exact: true }).waitFor();
    await page.getByLabel('Location', { exact: true }).selectOption({ label: NAME });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(new RegExp(`[?&]location=${site.id}(&|$)`));
    const table = page.getByTestId('alert-history-table');
    const row = table.getByTestId(`alert-${episode.id}`);
    await row.waitFor();
    await expect.poll(() => table.locator('tbody tr.ah-row').count()).toBe(1);
    await row.getByText(NAME).waitFor();
    expect(await row.locator('.ah-level').innerText()).toBe('Red');
    expect(await row.getByTestId('alert-warned').innerText()).toBe(`Warned ${lead} min before`);
    await row.getByText('Ongoing').waitFor();

    // The detail: levels over time, rings, alarms and their confirmation.
    await row.getByRole('button', { name: 'Details' }).click();
    await page.waitForURL(new RegExp(`[?&]episode=${episode.id}(&|$)`));
    const detail = page.getByTestId('alert-detail');
    const timeline = detail.getByTestId('alert-timeline');
    await timeline.getByText('Orange').waitFor();
    await timeline.getByText('Red').waitFor();
    expect(await detail.getByTestId('detail-warned').innerText()).toBe(`Warned ${lead} min before`);
    await detail.getByTestId('alert-rings').locator('tbody tr').first().waitFor();
    await detail.getByTestId('alert-alarms').getByText('Not confirmed').first().waitFor();

    // The filtered list as CSV and as Excel in English, the episode as CAP.
    const csv = await downloaded(page, 'Download CSV');
    expect(csv.download.suggestedFilename()).toMatch(/^alert-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // The CSV has no language: both names of the site.
    expect(lines[0]).toMatch(
      /^id,location_id,location_name,location_name_en,started_at,ended_at,peak_level,/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${episode.id},${site.id},${NAME_ZH},${NAME},${episode.started_at},,3,`);
    expect(lines[1]).toContain(',yes,');

    const xlsx = await downloaded(page, 'Download Excel');
    expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    expect(sheet.name).toBe('Alert history');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (name: string) => values[header.indexOf(name)];
    expect(sheet.rowCount).toBe(2);
    expect(cell('Episode ID')).toBe(episode.id);
    expect(cell('Location')).toBe(NAME);
    expect(cell('Peak level')).toBe(3);
    expect(cell('Warned before the first inner-ring stroke')).toBe('yes');

    const cap = await downloaded(page, 'Download CAP');
    expect(cap.download.suggestedFilename()).toBe(`alert-${episode.id}.cap.xml`);
    const xml = cap.body.toString('utf8');
    expect(xml).toContain('urn:oasis:names:tc:emergency:cap:1.2');
    expect(xml).toContain('<severity>Severe</severity>');
    const link = page.url();

    // A link to the episode under filters that leave it out still opens its detail, above the list.
    await page.goto(`${baseUrl}/alert_history?level=1&episode=${episode.id}`);
    const linked = page.getByTestId('alert-detail');
    await linked.getByRole('heading', { name: `Episode at ${NAME}` }).waitFor();
    expect(await table.getByTestId(`alert-${episode.id}`).count()).toBe(0);
    await linked.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('episode')).toBeNull();
    // The address changes a moment before the detail goes: waited for, not read at once.
    await expect.poll(() => page.getByTestId('alert-detail').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();

    // The same link on a phone, in Chinese: the filtered list with the detail open, nothing sideways.
    const phone = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    const path = link.slice(baseUrl.length);
    await signIn(
      phone.page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      `/login?next=${encodeURIComponent(path)}`,
    );
    await phone.page.getByRole('heading', { name: 'Alert history', level: 1 }).waitFor();
    await phone.page.locator('#language-switch').selectOption('zh-Hans');
    await phone.page.getByRole('heading', { name: '预警历史', level: 1 }).waitFor();
    await expect.poll(() => phone.page.title()).toMatch(/^预警历史 · /);
    const phoneRow = phone.page.getByTestId(`alert-${episode.id}`);
    await phoneRow.getByText('红色').waitFor();
    await phoneRow.getByText(NAME_ZH).waitFor();
    expect(await phoneRow.getByTestId('alert-warned').innerText()).toBe(`提前${lead}分钟预警`);
    await phone.page.getByTestId('alert-detail').getByText('等级变化').waitFor();
    await phone.page.getByTestId('alert-alarms').getByText('未确认').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await overflowing(phone.page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
