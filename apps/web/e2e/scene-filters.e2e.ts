import type { StrokeInput } from '@thunderwatch/shared/strokes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, createUser, signIn } from './web-helpers';

/**
 * A scene keeps the stroke filter and the map's bearing: set on the home map (layer switcher, right-drag),
 * saved through the scene panel, and back after opening `/?scene=<id>` afresh — the filter control, the
 * compass and the map agree, and the filtered strokes are neither drawn nor counted.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
let feedKey: string;
const USER = { username: 'e2e-scenefilters', password: 'Scenefilters-e2e-1', role: 'operator' };
/** Far from the other specs' strokes, so only this spec's strokes are in view. */
const AT = { lat: 41.7, lon: 86.2 };
/** Peak currents no other spec posts: only the strong CG passes the filter, in view and in the counters. */
const MIN_KA = 200;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, USER);
  const feed = await api<{ key: string }>(baseUrl, await adminToken(baseUrl), 'POST', '/api/feeds/', {
    name: 'e2e-scenefilters',
  });
  feedKey = feed.key;
});
afterAll(async () => {
  await browser?.close();
});

type MapElement = { maplibreMap: import('maplibre-gl').Map };

/** The map's bearing and the strokes it draws in view (ids), read from the page. */
function mapState(page: Page) {
  return page.evaluate(() => {
    const map = (document.querySelector('.map-canvas') as unknown as MapElement | null)?.maplibreMap;
    if (!map) return null;
    const layers = (map.getStyle().layers ?? [])
      .map((l) => l.id)
      .filter((id) => /^strokes-(cg|ic)-/.test(id));
    const drawn = map.queryRenderedFeatures({ layers }).map((f) => Number(f.id));
    return { bearing: map.getBearing(), drawn: [...new Set(drawn)].sort((a, b) => a - b) };
  });
}

describe('home: a scene keeps the stroke filter and the bearing', () => {
  it('saves CG ≥ 200 kA and a turned map as a scene and opens them again', { timeout: 180_000 }, async () => {
    const time = new Date(Date.now() - 2 * 60_000).toISOString();
    const strokes: StrokeInput[] = [
      { time, lat: AT.lat, lon: AT.lon, peak_ka: -250, type: 'CG' },
      { time, lat: AT.lat + 0.05, lon: AT.lon + 0.08, peak_ka: 300, type: 'IC' },
      { time, lat: AT.lat - 0.05, lon: AT.lon - 0.08, peak_ka: -40, type: 'CG' },
      { time, lat: AT.lat + 0.05, lon: AT.lon - 0.08, peak_ka: 12, type: 'IC' },
    ];
    const ingest = await fetch(`${baseUrl}/api/ingest/strokes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
      body: JSON.stringify(strokes),
    });
    expect(await ingest.json()).toMatchObject({ accepted: 4 });

    const { page, errors } = await newPage(browser);
    const start = encodeURIComponent(`/?lat=${AT.lat}&lon=${AT.lon}&zoom=9`);
    await signIn(page, baseUrl, USER.username, USER.password, `/login?next=${start}`);
    await expect.poll(async () => (await mapState(page))?.drawn.length, { timeout: 30_000 }).toBe(4);
    const count60 = page.getByTestId('count-60');
    const unfiltered = Number(await count60.innerText());
    expect(unfiltered).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('stroke-filter-note').count()).toBe(0);

    // The filter: CG only, |peak current| ≥ 200 kA.
    const strokesRow = page.locator('.layer-row[data-layer="strokes"]');
    await strokesRow.getByRole('checkbox', { name: 'Intra-cloud (IC)' }).uncheck();
    expect(await strokesRow.getByRole('checkbox', { name: 'Cloud-to-ground (CG)' }).isDisabled()).toBe(true);
    await strokesRow.getByRole('spinbutton', { name: '|Peak current| ≥' }).fill(String(MIN_KA));
    await expect.poll(async () => (await mapState(page))?.drawn.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => count60.innerText()).toBe('1');
    expect(await page.getByTestId('stroke-filter-note').innerText()).toBe('Filtered: CG only · |I| ≥ 200 kA');

    // Turn the map with the right mouse button; the compass shows the bearing.
    const box = (await page.locator('.maplibregl-canvas').boundingBox()) as { x: number; y: number };
    await page.mouse.move(box.x + 500, box.y + 400);
    await page.mouse.down({ button: 'right' });
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 500 + i * 20, box.y + 400, { steps: 2 });
    await page.mouse.up({ button: 'right' });
    const compass = page.getByRole('button', { name: 'Turn the map back to north' });
    await expect
      .poll(async () => Math.abs(Number(await compass.getAttribute('data-bearing'))), { timeout: 10_000 })
      .toBeGreaterThan(5);
    await page.waitForURL(/bearing=-?\d/);
    const bearing = (await mapState(page))?.bearing ?? 0;

    // Saved as a scene through the scene panel.
    await page.locator('.scene-panel > summary').click();
    await page.getByLabel('Name of a new scene').fill('Korla strong CG');
    await page.getByRole('button', { name: 'Save the map as a scene' }).click();
    await page.waitForURL(/scene=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('scene'));
    const { access } = await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
      username: USER.username,
      password: USER.password,
    });
    const scene = await api<{ bearing: number; filters: Record<string, unknown> }>(
      baseUrl,
      access,
      'GET',
      `/api/scene/${id}`,
    );
    expect(scene.filters).toEqual({ stroke_types: ['CG'], min_peak_ka: MIN_KA });
    expect(scene.bearing).toBeCloseTo(bearing, 0);
    await page.context().close();

    // Opened afresh: the filter control, the compass and the map are as saved.
    const second = await newPage(browser);
    await signIn(second.page, baseUrl, USER.username, USER.password, `/login?next=%2F%3Fscene%3D${id}`);
    const reopened = second.page;
    await reopened.getByText('Korla strong CG', { exact: true }).first().waitFor();
    const row = reopened.locator('.layer-row[data-layer="strokes"]');
    const ka = row.getByRole('spinbutton', { name: '|Peak current| ≥' });
    await expect.poll(() => ka.inputValue(), { timeout: 15_000 }).toBe(String(MIN_KA));
    expect(await row.getByRole('checkbox', { name: 'Intra-cloud (IC)' }).isChecked()).toBe(false);
    expect(await row.getByRole('checkbox', { name: 'Cloud-to-ground (CG)' }).isChecked()).toBe(true);
    const reopenedCompass = reopened.getByRole('button', { name: 'Turn the map back to north' });
    await expect
      .poll(async () => Number(await reopenedCompass.getAttribute('data-bearing')), { timeout: 15_000 })
      // The scene keeps the bearing to a tenth of a degree (−128.52° is kept as −128.5°, shown as −128°).
      .toBe(Math.round(scene.bearing));
    await expect.poll(async () => (await mapState(reopened))?.drawn.length, { timeout: 20_000 }).toBe(1);
    expect((await mapState(reopened))?.bearing).toBeCloseTo(bearing, 0);
    await expect.poll(() => reopened.getByTestId('count-60').innerText()).toBe('1');
    await reopened.getByTestId('stroke-filter-note').waitFor();
    // The address keeps the filter too, so a link to this view shows the same strokes.
    await expect.poll(() => new URL(reopened.url()).searchParams.get('min_ka')).toBe(String(MIN_KA));
    expect(new URL(reopened.url()).searchParams.get('types')).toBe('CG');

    // Showing every stroke again draws and counts them all.
    await row.getByRole('button', { name: 'Show all strokes' }).click();
    await expect.poll(async () => (await mapState(reopened))?.drawn.length, { timeout: 15_000 }).toBe(4);
    await expect
      .poll(async () => Number(await reopened.getByTestId('count-60').innerText()))
      .toBeGreaterThanOrEqual(4);
    expect(await reopened.getByTestId('stroke-filter-note').count()).toBe(0);
    expect(new URL(reopened.url()).searchParams.has('min_ka')).toBe(false);
    expect([...errors, ...second.errors]).toEqual([]);
    await reopened.context().close();
  });
});
