import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import type { MapWindow } from './map-helpers';
import { sharedServerUrl } from './shared-server';
import { api, createUser, signIn } from './web-helpers';

/**
 * Layers and scenes on the home map: a scene's address opens the map at its centre and zoom with its layers
 * shown, and a layer switched on stays on after a reload (the choice is kept in /api/user_map_data).
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
const USER = { username: 'e2e-layers', password: 'Layers-e2e-1', role: 'operator' };

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, USER);
});
afterAll(async () => {
  await browser?.close();
});

describe('home: layers and scenes', () => {
  it('opens a scene at its centre with its layers, and keeps a switched layer after a reload', {
    timeout: 120_000,
  }, async () => {
    const { access } = await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
      username: USER.username,
      password: USER.password,
    });
    const scene = await api<{ id: number }>(baseUrl, access, 'POST', '/api/scene', {
      name: 'Shenzhen bay',
      center: [114.05, 22.52],
      zoom: 10,
      layers: [
        { id: 'strokes', opacity: 1 },
        { id: 'density', opacity: 0.5 },
      ],
    });

    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, USER.username, USER.password, `/login?next=%2F%3Fscene%3D${scene.id}`);
    await page.getByText('Shenzhen bay', { exact: true }).first().waitFor();
    const view = () =>
      page.evaluate(() => {
        const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
        return map ? { lng: map.getCenter().lng, lat: map.getCenter().lat, zoom: map.getZoom() } : null;
      });
    await expect.poll(async () => (await view())?.zoom, { timeout: 20_000 }).toBeCloseTo(10, 1);
    const at = await view();
    expect(at?.lng).toBeCloseTo(114.05, 2);
    expect(at?.lat).toBeCloseTo(22.52, 2);
    expect(await page.getByRole('checkbox', { name: 'Stroke density (last 24 h)' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Radar' }).isChecked()).toBe(false);
    expect(await page.getByRole('slider', { name: 'Stroke density (last 24 h): Opacity' }).inputValue()).toBe(
      '0.5',
    );

    // Without the scene: the user's own choices, saved as they change.
    await page.goto(`${baseUrl}/`);
    const radar = page.getByRole('checkbox', { name: 'Radar' });
    await radar.waitFor();
    expect(await radar.isChecked()).toBe(false);
    await radar.check();
    await expect
      .poll(
        async () =>
          (
            await api<{ layer_state?: { id: string; visible: boolean }[] }>(
              baseUrl,
              access,
              'GET',
              '/api/user_map_data',
            )
          ).layer_state,
        { timeout: 10_000 },
      )
      .toContainEqual({ id: 'radar', visible: true, opacity: 0.7 });
    await page.reload();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Radar' }).isChecked(), { timeout: 15_000 })
      .toBe(true);
    expect(errors).toEqual([]);
  });
});
