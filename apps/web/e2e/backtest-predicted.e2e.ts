import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import type { BacktestResult } from '@thunderwatch/shared/schemas/backtest';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { StrokeInput } from '@thunderwatch/shared/strokes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, startQuietServer } from './server';
import { type Lang, text } from './ui-text';
import { adminToken, api, createUser, signIn } from './web-helpers';

let baseUrl: string;
let server: RunningServer;
/** Far from the other specs' strokes (and from their prediction ranges). */
const SITE = { lat: 32.0, lon: 108.5 };
/** Degrees of longitude per km at the site's latitude, near enough for placing the cell. */
const KM_LON = 1 / (111.32 * Math.cos((SITE.lat * Math.PI) / 180));
const MIN = 60_000;

let browser: Browser;
let token: string;
let location: LocationDto;

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  const feed = await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', {
    name: 'e2e-backtest-jump',
  });
  location = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Jump site',
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
  });
  // Three hours ago a cell 60 km west came in at 30 km/h; after 16 steady minutes its flash rate jumped.
  const t0 = Math.floor(Date.now() / MIN) * MIN - 180 * MIN;
  const strokes: StrokeInput[] = syntheticFlashes(
    [
      {
        lat: SITE.lat,
        lon: SITE.lon - 60 * KM_LON,
        eastKmh: 30,
        sigmaKm: 3,
        perMin: (m) => (m < 16 ? 12 + (m % 3) : Math.min(60, 12 + (m - 15) * 8)),
      },
    ],
    t0,
    0,
    120,
    3,
  ).map((f) => ({
    time: new Date(Math.floor(f.timeMs)).toISOString(),
    lat: Math.round(f.lat * 1e4) / 1e4,
    lon: Math.round(f.lon * 1e4) / 1e4,
    peak_ka: f.cg ? -20 : 8,
    type: f.cg ? 'CG' : 'IC',
    sensors: 6,
  }));
  for (let i = 0; i < strokes.length; i += 1000) {
    const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
      body: JSON.stringify(strokes.slice(i, i + 1000)),
    });
    expect(response.status).toBe(200);
  }
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('location: backtest with lightning-jump prediction', () => {
  it.each([
    ['en', 390],
    ['zh-Hans', 1366],
  ])('compares rings alone with rings and prediction (%s, %i px)', async (locale, width) => {
    // Chinese: a user whose profile language is Chinese (the profile's language wins at sign-in).
    const who = { username: `jump-${locale}-${Date.now()}`, password: 'Passw0rd!e2e' };
    if (locale === 'zh-Hans') await createUser(baseUrl, { ...who, role: 'admin', language: 'zh-Hans' });
    const user = locale === 'zh-Hans' ? who : { username: E2E_ADMIN.username, password: E2E_ADMIN.password };
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width, height: 900 } });
    await signIn(page, baseUrl, user.username, user.password, '/login?next=%2Flocation');
    // The location screen in the profile's language (applied at sign-in), before anything is clicked.
    await page.getByRole('heading', { name: text(locale as Lang, 'screens.location'), level: 1 }).waitFor();
    await page.getByRole('button', { name: 'E2E Jump site', exact: true }).click();
    const panel = page.getByTestId('backtest-panel');
    const title = locale === 'en' ? 'Backtest' : '回测';
    await panel.locator('summary').getByText(title, { exact: true }).click();
    const choice = locale === 'en' ? 'B (edited) with storm-cell prediction' : 'B（修改）：含雷暴单体预测';
    await panel.getByLabel(choice).check();
    await panel.locator('button[type="submit"]').click();
    const results = panel.getByTestId('backtest-results');
    await results.waitFor({ timeout: 30_000 });

    const body = async (predicted: boolean) =>
      api<BacktestResult>(baseUrl, token, 'POST', '/api/warning/backtest', {
        location_id: location.id,
        from: new Date(Date.now() - 24 * 60 * MIN).toISOString(),
        to: new Date().toISOString(),
        ...(predicted ? { predicted: true } : {}),
      });
    const [a, b] = [await body(false), await body(true)];
    expect(a.alerts.some((x) => x.predicted)).toBe(false);
    expect(b.alerts[0]?.predicted).toBe(true);
    expect(b.alerts[0]?.predicted_lead_min as number).toBeGreaterThan(0);

    // Set B's first alert is marked predicted, with how long before the rings it began; A's are not.
    const rowsB = results.getByTestId('backtest-alerts-b').locator('tbody tr');
    await expect.poll(() => rowsB.count()).toBe(b.alerts.length);
    expect(await rowsB.first().locator('.backtest-predicted-badge').count()).toBe(1);
    const lead = String(Math.round(b.alerts[0]?.predicted_lead_min as number));
    expect(await rowsB.first().textContent()).toContain(lead);
    expect(await results.getByTestId('backtest-alerts-a').locator('.backtest-predicted-badge').count()).toBe(
      0,
    );
    expect(await results.getByTestId('backtest-chart').locator('canvas').count()).toBe(1);
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });
});
