import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The query builder: a box around strokes posted far from every other spec's (the specs share one server),
 * grouped by day; the totals and table show them; the CSV download holds the day's row; the query saved
 * under a name comes back into the form.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const feed = await api<{ key: string }>(baseUrl, await adminToken(baseUrl), 'POST', '/api/feeds/', {
    name: 'e2e-query',
  });
  const now = Date.now();
  const strokes = [
    { lat: 40.5, lon: 95.5, peak_ka: -30, type: 'CG' },
    { lat: 40.51, lon: 95.52, peak_ka: 12, type: 'CG' },
    { lat: 40.49, lon: 95.48, peak_ka: -8, type: 'IC' },
  ].map((s, i) => ({ ...s, time: new Date(now - 120_000 - i * 1000).toISOString() }));
  const res = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
    body: JSON.stringify(strokes),
  });
  expect(res.ok).toBe(true);
});
afterAll(async () => {
  await browser?.close();
});

describe('statistics query', () => {
  it('builds a query, shows it, downloads it and saves it', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/statistics_query`);
    await page.getByRole('heading', { name: 'Statistics query', level: 1 }).waitFor();
    await page.getByLabel('Area').selectOption('bbox');
    await page.getByLabel('West').fill('95');
    await page.getByLabel('South').fill('40');
    await page.getByLabel('East').fill('96');
    await page.getByLabel('North').fill('41');
    await page.getByRole('button', { name: 'Run query' }).click();
    const totals = page.getByTestId('query-totals');
    await totals.getByText('Strokes', { exact: true }).waitFor();
    expect(await totals.getByTestId('total-strokes').locator('dd').textContent()).toBe('3');
    expect(await totals.getByTestId('total-cg').locator('dd').textContent()).toBe('2');
    expect(await page.getByTestId('query-table').locator('tbody tr').count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, row] = csv.trim().split('\r\n');
    expect(header?.startsWith('时段（当地时间） / Period (local time),回击数 / Strokes')).toBe(true);
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2},3,2,1,1,2,30,16\.7$/);

    await page.getByLabel('Name').fill('Dunhuang box');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Dunhuang box', exact: true }).waitFor();
    await page.getByLabel('Area').selectOption('province');
    await page.getByRole('button', { name: 'Dunhuang box', exact: true }).click();
    expect(await page.getByLabel('West').inputValue()).toBe('95');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
