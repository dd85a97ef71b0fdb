import type { BacktestResult } from '@thunderwatch/shared/schemas/backtest';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { StrokeInput } from '@thunderwatch/shared/strokes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, signIn } from './web-helpers';

let baseUrl: string;
let server: RunningServer;
/** Far from the other specs' strokes, so only this test's strokes reach this location's rings. */
const SITE = { lat: 27.0, lon: 104.5 };
/** Degrees of latitude per km, near enough for placing test strokes. */
const KM = 1 / 110.8;
const MIN = 60_000;
const ring = (radius_km: number, level: 1 | 2 | 3) => ({
  radius_km,
  level,
  all_clear_min: 15,
  min_strokes: 1,
  window_min: 1,
  include_ic: true,
});

let browser: Browser;
let token: string;
let location: LocationDto;

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  const feed = await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-backtest' });
  location = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Backtest site',
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
    rings: [ring(10, 3), ring(20, 2), ring(30, 1)],
  });
  // Two hours ago a storm came in from 28 km north and passed over; an hour ago one stroke fell at 15 km.
  const now = Date.now();
  const strokes: StrokeInput[] = [];
  for (let m = 0; m <= 52; m += 1) {
    const km = Math.max(1, 28 - m / 2);
    strokes.push({
      time: new Date(now - 150 * MIN + m * MIN).toISOString(),
      lat: SITE.lat + km * KM,
      lon: SITE.lon,
      peak_ka: -20,
      type: 'CG',
      sensors: 6,
    });
  }
  strokes.push({
    time: new Date(now - 60 * MIN).toISOString(),
    lat: SITE.lat + 15 * KM,
    lon: SITE.lon,
    peak_ka: -25,
    type: 'CG',
    sensors: 6,
  });
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
    body: JSON.stringify(strokes),
  });
  expect(response.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('location: backtest of two rule sets', () => {
  it('replays the stored strokes with the current rings and an edited copy, side by side', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Flocation');
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'E2E Backtest site', exact: true }).click();
    const panel = page.getByTestId('backtest-panel');
    await panel.getByText('Backtest', { exact: true }).click();
    // The last day reaches back before the site was made (minutes ago): the panel says the replay looks earlier.
    expect(await panel.getByTestId('backtest-before-site').innerText()).toMatch(
      /^This range starts before the site was made \(.+\): the replay scores storms it did not watch yet\./,
    );

    // Set B: orange only within 12 km. The lone stroke at 15 km then raises yellow, not a false orange.
    await panel.getByLabel('Radius (km), ring 2').fill('12');
    await panel.getByRole('button', { name: 'Run backtest' }).click();
    const results = panel.getByTestId('backtest-results');
    await results.waitFor({ timeout: 30_000 });

    // The same replays through the API: what the screen must show.
    const body = async (rings?: object[]) =>
      api<BacktestResult>(baseUrl, token, 'POST', '/api/warning/backtest', {
        location_id: location.id,
        from: new Date(Date.now() - 24 * 60 * MIN).toISOString(),
        to: new Date().toISOString(),
        ...(rings ? { rings } : {}),
      });
    const a = await body();
    const b = await body([ring(10, 3), ring(12, 2), ring(30, 1)]);
    expect([a.skill.events, a.skill.hits, a.skill.false_alarms]).toEqual([1, 1, 1]);
    expect([b.skill.events, b.skill.hits, b.skill.false_alarms]).toEqual([1, 1, 0]);
    expect(b.skill.median_lead_time_min as number).toBeLessThan(a.skill.median_lead_time_min as number);

    const cells = async (key: string) =>
      (await results.getByTestId(`backtest-skill-${key}`).locator('td').allTextContents()).map((s) =>
        s.trim(),
      );
    expect(await cells('far')).toEqual(['50%', '0%', '−50 pp (better)']);
    expect(await cells('false_alarms')).toEqual(['1', '0', '−1 (better)']);
    expect(await cells('pod')).toEqual(['100%', '100%', '']);
    const leadA = Math.round(a.skill.median_lead_time_min as number);
    const leadB = Math.round(b.skill.median_lead_time_min as number);
    expect(await cells('median_lead_time_min')).toEqual([
      String(leadA),
      String(leadB),
      `−${leadA - leadB} (worse)`,
    ]);
    await expect
      .poll(() => results.getByTestId('backtest-alerts-a').locator('tbody tr').count())
      .toBe(a.alerts.length);
    await expect
      .poll(() => results.getByTestId('backtest-alerts-b').locator('tbody tr').count())
      .toBe(b.alerts.length);
    expect(await results.getByTestId('backtest-chart').locator('canvas').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('names the limit when the range is too long', async () => {
    const res = await fetch(`${baseUrl}/api/warning/backtest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        location_id: location.id,
        from: new Date(Date.now() - 40 * 24 * 60 * MIN).toISOString(),
        to: new Date().toISOString(),
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('backtest.window_too_large');
  });
});
