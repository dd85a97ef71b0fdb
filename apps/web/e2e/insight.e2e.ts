import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { signIn } from './web-helpers';

/**
 * Insight reports: the admin makes this month's report of Guangdong in English, waits for it to be ready,
 * opens it (the report's own page in a sandboxed frame) and downloads its PDF (printed by the server's Chromium).
 */
const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('insight', () => {
  it('makes a report, opens it and downloads its PDF', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/insight`);
    await page.getByRole('heading', { name: 'Insight reports', level: 1 }).waitFor();
    await page.getByLabel('Month', { exact: true }).fill(new Date().toISOString().slice(0, 7));
    await page.getByLabel('Report language').selectOption('en');
    await page.getByRole('button', { name: 'Make report' }).click();
    const row = page.getByTestId('report-list').locator('tr[data-report]').first();
    await row.getByText('Ready').waitFor({ timeout: 45_000 });
    await row.getByRole('button', { name: 'View' }).click();
    const frame = page.frameLocator('[data-testid="report-frame"]');
    await frame.getByRole('heading', { name: /^Lightning report: Guangdong, \d{4}-\d{2}$/ }).waitFor();
    await frame.getByText('Strokes', { exact: true }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'PDF' }).click(),
    ]);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
