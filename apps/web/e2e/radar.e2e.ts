import { RAMPS } from '@thunderwatch/domain/weather/radar-ramps';
import { encode } from 'fast-png';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;
let feedKey: string;
const MIN = 60_000;

// The palette of IEM's N0R composites (akrherz/iem htdocs/docs/nexrad_mosaic/example_raster.png): index i is
// −30 + 5i dBZ. A 40 × 20 frame over 112°–116° E, 21°–23° N with a 50 dBZ block whose place tells frames apart.
const PALETTE = RAMPS.n0r.colours.map((c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255]);
function n0rFrame(blockCol: number): Buffer {
  const data = new Uint8Array(40 * 20);
  for (let r = 5; r < 15; r++) for (let c = blockCol; c < blockCol + 10; c++) data[r * 40 + c] = 16;
  return Buffer.from(encode({ width: 40, height: 20, data, depth: 8, channels: 1, palette: PALETTE }));
}

async function postFrame(time: Date, blockCol: number) {
  const q = new URLSearchParams({
    west: '112',
    south: '21',
    east: '116',
    north: '23',
    time: time.toISOString(),
    ramp: 'n0r',
    product: 'e2e_n0r',
  });
  const response = await fetch(`${baseUrl}/api/ingest/radar?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', 'x-feed-key': feedKey },
    body: new Blob([new Uint8Array(n0rFrame(blockCol))]),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The radar source's image name on the map, or null without one. */
const radarUrl = (page: Page) =>
  page.evaluate(() => {
    const map = (
      document.querySelector('.map-canvas') as unknown as { maplibreMap: import('maplibre-gl').Map }
    ).maplibreMap;
    const source = map.getSource('radar') as { url?: string } | undefined;
    return source?.url ?? null;
  });

beforeAll(async () => {
  browser = await launchBrowser();
  const feed = await api<{ key: string }>(baseUrl, await adminToken(baseUrl), 'POST', '/api/feeds/', {
    name: 'e2e-radar',
  });
  feedKey = feed.key;
});
afterAll(async () => {
  await browser?.close();
});

describe('home: radar layer', () => {
  it('shows the latest radar frame with its legend, and the replay steps through the frames', async () => {
    const now = Date.now();
    const first = new Date(Math.floor((now - 20 * MIN) / MIN) * MIN);
    const second = new Date(Math.floor((now - 8 * MIN) / MIN) * MIN);
    await postFrame(first, 2);
    await postFrame(second, 25);
    const name = (t: Date) => `time=${encodeURIComponent(t.toISOString())}`;

    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2F%3Flat%3D22%26lon%3D114%26zoom%3D6',
    );
    await page.waitForURL(/\/\?lat=22/);
    await page.getByRole('checkbox', { name: 'Radar' }).check();
    // Live: the latest frame, its legend in dBZ, and what it is.
    await expect.poll(() => radarUrl(page), { timeout: 20_000 }).toContain(name(second));
    await page.getByRole('figure', { name: 'Legend (dBZ)' }).waitFor();
    await page.getByText(/^e2e_n0r · /).waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (
              document.querySelector('.map-canvas') as unknown as { maplibreMap: import('maplibre-gl').Map }
            ).maplibreMap.isSourceLoaded('radar'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // Back 25 minutes, before the first frame: none is shown.
    const slider = page.getByRole('slider', { name: 'Time shown' });
    await slider.focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft');
    await page.getByText('No radar frame at this time').waitFor();
    // Step forward a minute at a time: the first frame from its minute on, then the second from its own.
    const step = async (minutes: number) => {
      for (let i = 0; i < minutes; i++) await page.keyboard.press('ArrowRight');
    };
    await step(6);
    await expect.poll(() => radarUrl(page)).toContain(name(first));
    await expect(page.getByText('No radar frame at this time').isVisible()).resolves.toBe(false);
    await step(12);
    await expect.poll(() => radarUrl(page)).toContain(name(second));
    // Play runs the rest of the way to live, where the latest frame stays.
    await page.getByRole('button', { name: 'Play back the last 24 hours' }).click();
    await page.getByText(/^Live · /).waitFor({ timeout: 15_000 });
    expect(await radarUrl(page)).toContain(name(second));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
