import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
/** Far from the other specs' strokes and sites. */
const SITE = { lat: 26.5, lon: 108.5 };

let browser: Browser;
let token: string;
let feedKey: string;
let location: LocationDto;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken(baseUrl);
  feedKey = (await api<{ key: string }>(baseUrl, token, 'POST', '/api/feeds/', { name: 'e2e-mills' })).key;
  location = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Powder store',
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
  });
  await api(baseUrl, token, 'POST', '/api/sensors/', {
    id: 'e2e-efm-1',
    kind: 'efm',
    name: 'Store field mill',
    lat: SITE.lat,
    lon: SITE.lon + 0.001,
    location_id: location.id,
  });
});
afterAll(async () => {
  await browser?.close();
});

async function reading(kvm: number) {
  const response = await fetch(`${baseUrl}/api/ingest/sensors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify({ sensor: 'e2e-efm-1', time: new Date().toISOString(), values: { field: kvm } }),
  });
  expect(response.status).toBe(200);
}

describe('field mills on the wall board', () => {
  it('turns the location red when its mill holds 5 kV/m, before any stroke, labelled as field mills', async () => {
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Frealtimealert');
    await page.waitForURL(`${baseUrl}/realtimealert`);
    const tile = page.getByTestId(`tile-${location.id}`);
    await tile.getByRole('heading', { name: 'E2E Powder store' }).waitFor();
    expect(await tile.getAttribute('data-level')).toBe('0');
    // Fair weather, then a thundercloud overhead: −6 kV/m each second (sustained 10 s raises red).
    await reading(0.1);
    const until = Date.now() + 40_000;
    while ((await tile.getAttribute('data-level')) !== '3' && Date.now() < until) {
      await reading(-6);
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(await tile.getAttribute('data-level')).toBe('3');
    expect(await tile.getAttribute('data-source')).toBe('efm');
    await tile.getByText('Field mills', { exact: true }).waitFor();
    // No stroke has come near: the tile says so.
    await tile.getByTestId('nearest').getByText('None', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/sensors-board-390.png' });
    // The sensor panel under the tiles: the mill online with its field; its chart opens on a click.
    const mill = page.getByTestId('sensor-e2e-efm-1');
    await mill.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
    await mill.getByText('-6.00 kV/m').waitFor({ timeout: 15_000 });
    await mill.click();
    await page.getByTestId('sensor-chart').waitFor();
    await page.getByTestId('sensor-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/sensors-panel-390.png' });
    expect(errors).toEqual([]);
  });
});
