import type { CellCollection } from '@thunderwatch/shared/schemas/cells';
import type { StrokeInput } from '@thunderwatch/shared/strokes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { type RunningServer, startQuietServer } from './server';
import { adminToken, api, createUser, signIn } from './web-helpers';

let baseUrl: string;
let server: RunningServer;
let browser: Browser;

/**
 * A storm cell moving east over the last 30 min in the Taklamakan, far from every other spec's locations and
 * strokes (the specs share one server): 6 strokes a minute round its centre.
 */
function stormCell(): StrokeInput[] {
  const out: StrokeInput[] = [];
  const now = Date.now();
  for (let ago = 0; ago < 30; ago++) {
    const lon = 84 - (0.6 * ago) / 85;
    for (let k = 0; k < 6; k++) {
      const a = (k * Math.PI) / 3;
      out.push({
        time: new Date(now - ago * 60_000 - k * 5000).toISOString(),
        lat: 39.5 + 0.03 * Math.sin(a),
        lon: lon + 0.03 * Math.cos(a),
        peak_ka: -20,
        type: 'CG',
      } as StrokeInput);
    }
  }
  return out;
}

beforeAll(async () => {
  server = await startQuietServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const feed = await api<{ key: string }>(baseUrl, await adminToken(baseUrl), 'POST', '/api/feeds/', {
    name: 'e2e-models',
  });
  const res = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
    body: JSON.stringify(stormCell()),
  });
  expect(res.status).toBe(200);
  await createUser(baseUrl, { username: 'e2e-models-viewer', password: 'viewer12345', role: 'viewer' });
  // The nowcast starts from the cell tracker's newest step, taken once a minute: the server's clock moves
  // past the minute the strokes end in, and the step that holds the cell is taken at once.
  await server.advanceClock(65_000);
  const token = await adminToken(baseUrl);
  const cells = await api<CellCollection>(baseUrl, token, 'GET', '/api/scz');
  expect(
    cells.features.some(
      (f) => Math.abs(f.properties.centroid[0] - 84) < 0.3 && Math.abs(f.properties.centroid[1] - 39.5) < 0.3,
    ),
  ).toBe(true);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('models panel on the home map', () => {
  it('lets an admin run the nowcast, watch it finish and draw its bands with a legend', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    const panel = page.locator('.models-panel');
    await expect
      .poll(() => panel.getByText('Lightning area nowcast').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => panel.getByText('Not configured').count()).toBe(2);

    const row = panel.locator('li', { hasText: 'Lightning area nowcast' });
    await row.getByRole('button', { name: 'Run now' }).click();
    // The run takes its model worker's turn: seconds alone, but once over 30 s on CI's two loaded cores.
    await expect.poll(() => row.getByText(/^Updated /).isVisible(), { timeout: 75_000 }).toBe(true);

    await row.getByRole('radio').check();
    const legend = panel.getByRole('list', { name: 'Legend of Lightning area nowcast' });
    await expect.poll(() => legend.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await legend.locator('li').allInnerTexts()).toEqual(['≥10%', '≥30%', '≥50%', '≥70%', '≥90%']);
    const frames = panel.getByRole('combobox', { name: 'Field and time window' });
    expect(await frames.locator('option').allInnerTexts()).toEqual([
      'Lightning chance · +0–15 min',
      'Lightning chance · +15–30 min',
      'Lightning chance · +30–60 min',
    ]);
    // The first window has bands: the note for an empty window is not shown.
    expect(await panel.getByText(/Nothing reaches/).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a viewer the models without the run buttons', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, 'e2e-models-viewer', 'viewer12345');
    const panel = page.locator('.models-panel');
    await expect
      .poll(() => panel.getByText('Lightning fire risk').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await panel.getByRole('button', { name: 'Run now' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
