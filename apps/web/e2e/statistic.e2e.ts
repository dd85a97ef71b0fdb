import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The statistic screen over strokes of its own in Guangdong: the summary counts them, a chart's numbers
 * download as CSV and its picture as PNG, and the screen fits a 390 px phone.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
const ANALYST = { username: 'e2e-stats-analyst', password: 'Analyst-12345-pw' };
// A month four months back: inside the strokes' retention, away from the simulator's storms of today.
const MONTH = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 7);
const FROM = `${MONTH}-01`;
const TO = `${MONTH}-28`;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken(baseUrl);
  await api(baseUrl, admin, 'POST', '/api/group_user_list/', { ...ANALYST, role: 'viewer' });
  const token = (await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', ANALYST)).access;
  await api(baseUrl, token, 'POST', '/api/change_profile_by_user', { language: 'en' });
  const feed = await api<{ key: string }>(baseUrl, admin, 'POST', '/api/feeds/', { name: 'e2e-stats' });
  // Six CG strokes (two positive) and four IC over Guangzhou on ten days of that month: nothing else is there.
  const strokes = Array.from({ length: 10 }, (_, i) => ({
    time: `${MONTH}-${String(10 + i).padStart(2, '0')}T08:00:00Z`,
    lat: 23.13,
    lon: 113.26,
    type: i < 6 ? 'CG' : 'IC',
    peak_ka: i < 2 ? 30 : -15,
  }));
  const res = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
    body: JSON.stringify(strokes),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe('statistic screen', () => {
  it('counts a province’s strokes and downloads a chart as CSV and PNG', async () => {
    const { page, errors } = await newPage(browser, 'en-GB', { acceptDownloads: true });
    await signIn(page, baseUrl, ANALYST.username, ANALYST.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/statistic`);
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await page.getByLabel('From').fill(FROM);
    await page.getByLabel('To (inclusive)').fill(TO);
    const summary = page.getByTestId('statistic-summary');
    await summary.getByText('Thunderstorm days').waitFor();
    await expect.poll(() => summary.innerText()).toMatch(/Strokes\s+10\s/);
    expect(await summary.innerText()).toMatch(/Thunderstorm days\s+6\s/);
    const polarity = page.getByTestId('chart-polarity');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      polarity.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`polarity_${FROM}_${TO}.csv`);
    const text = await readFile((await csv.path()) as string, 'utf8');
    expect(text).toBe('\uFEFFType and polarity,Strokes\r\nCG +,2\r\nCG −,4\r\nIC +,0\r\nIC −,4\r\n');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      polarity.getByRole('button', { name: 'PNG' }).click(),
    ]);
    const picture = await readFile((await png.path()) as string);
    expect(picture.subarray(1, 4).toString('latin1')).toBe('PNG');
    await page.getByTestId('chart-map').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a 390 px phone', async () => {
    const { page, errors } = await newPage(browser, 'en-GB', { viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, ANALYST.username, ANALYST.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/statistic`);
    await page.getByTestId('chart-polarity').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
