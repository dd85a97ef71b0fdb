import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The statistic screen over strokes of its own in Guangdong: the summary counts them, a chart's numbers
 * download as CSV and its picture as PNG, and the screen fits a 390 px phone. For a user far from UTC, the
 * screen's default period ends today in the user's zone, and two strokes either side of the user's midnight
 * over Tibet fall on the same local days in the statistics' daily series as in the daily lightning data sheet.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
const ANALYST = { username: 'e2e-stats-analyst', password: 'Analyst-12345-pw' };
// A month four months back: inside the strokes' retention, away from the simulator's storms of today.
const MONTH = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 7);
const FROM = `${MONTH}-01`;
const TO = `${MONTH}-28`;
// A zone whose date differs from UTC's now: Kiritimati (UTC+14) from 10:00Z, else Pago Pago (UTC−11).
const LOCAL = { username: 'e2e-stats-local', password: 'Local-12345-pw' };
const ZONE = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
const OFFSET_H = ZONE === 'Pacific/Kiritimati' ? 14 : -11;
const localDay = (ms: number) => new Date(ms + OFFSET_H * 3_600_000).toISOString().slice(0, 10);
// The user's midnight starting the 16th (Kiritimati) or the 15th (Pago Pago) of MONTH, and a stroke 30 min
// either side: one UTC day, two local days.
const MIDNIGHT = Date.parse(`${MONTH}-15T00:00:00Z`) - OFFSET_H * 3_600_000 + (OFFSET_H > 0 ? 86_400_000 : 0);
const LHASA = { lat: 29.65, lon: 91.1 };

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
  await api(baseUrl, admin, 'POST', '/api/group_user_list/', { ...LOCAL, role: 'viewer' });
  const local = (await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', LOCAL)).access;
  await api(baseUrl, local, 'POST', '/api/change_profile_by_user', { language: 'en', time_zone: ZONE });
  const tibet = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
    body: JSON.stringify(
      [MIDNIGHT - 1_800_000, MIDNIGHT + 1_800_000].map((t) => ({
        time: new Date(t).toISOString(),
        ...LHASA,
        type: 'CG',
        peak_ka: -25,
      })),
    ),
  });
  expect(tibet.status).toBe(200);
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

  it('counts the user’s local days: today ends the default period, and the data sheet splits days alike', async () => {
    const { page, errors } = await newPage(browser, 'en-GB', { acceptDownloads: true });
    await signIn(page, baseUrl, LOCAL.username, LOCAL.password);
    await page.waitForURL(`${baseUrl}/`);
    const asked = page.waitForRequest((r) => r.url().includes('/api/statistics/summary'));
    await page.goto(`${baseUrl}/statistic`);
    const first = new URL((await asked).url());
    // Today where the user is, not in UTC (the zone is chosen so that the two differ now).
    const today = localDay(Date.now());
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    expect(first.searchParams.get('to')).toBe(today);
    expect(first.searchParams.get('from')).toBe(`${today.slice(0, 4)}-01-01`);
    expect(first.searchParams.get('time_zone')).toBe(ZONE);
    await page.getByText(`those of your time zone, ${ZONE}`).waitFor();

    // The two Tibet strokes, 30 min either side of the user's midnight: two local days.
    const days = [localDay(MIDNIGHT - 1_800_000), localDay(MIDNIGHT + 1_800_000)];
    expect(days[0]).not.toBe(days[1]);
    // The province picker (the area picker's label holds "Province" too, among its options).
    await page
      .locator('label')
      .filter({ hasText: /^Province/ })
      .locator('select')
      .selectOption('540000');
    await page.getByLabel('From').fill(days[0] as string);
    await page.getByLabel('To (inclusive)').fill(days[1] as string);
    await page.locator('label').filter({ hasText: /^Per/ }).locator('select').selectOption('day');
    const series = page.getByTestId('chart-series');
    const summary = page.getByTestId('statistic-summary');
    await expect.poll(() => summary.innerText()).toMatch(/Strokes\s+2\s/);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      series.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const rows = (await readFile((await csv.path()) as string, 'utf8')).trim().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',').slice(0, 2).join(','))).toEqual([`${days[0]},1`, `${days[1]},1`]);

    // The daily lightning sheet of that month, in the same zone: Tibet on the same two days, one stroke each.
    await page.goto(`${baseUrl}/data_sheet`);
    await page.getByRole('heading', { name: 'Data sheets', level: 1 }).waitFor();
    await page.getByLabel('Month').fill(MONTH);
    const table = page.getByTestId('sheet-table');
    const tibetRows = table.locator('tbody tr', { hasText: '540000' });
    await expect.poll(() => tibetRows.count()).toBe(2);
    for (const [i, day] of days.entries()) {
      const cells = await tibetRows.nth(i).locator('td').allInnerTexts();
      expect(cells[0], `day ${day}`).toBe(day);
      expect(cells).toContain('1');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
