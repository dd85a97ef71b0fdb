import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, overflowing, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
/** Far from the other specs' strokes: only this spec's stroke reaches these sites' rings. */
const LONELY = { lat: 41.0, lon: 88.0 };
const WATCHED = { lat: 41.5, lon: 88.0 };
const CHIEF = { username: 'e2e_routing_chief', name: 'Routing Chief Li', password: 'Passw0rd!e2e' };

let browser: Browser;
let admin: string;
let feedKey: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken(baseUrl);
  // A group nobody administers: its duty list reaches no one. And one with an administrator.
  await api(baseUrl, admin, 'POST', '/api/group_list/', { slug: 'e2e-routing-empty', name: 'E2E Night Ops' });
  const staffed = await api<{ id: number }>(baseUrl, admin, 'POST', '/api/group_list/', {
    slug: 'e2e-routing-staffed',
    name: 'E2E Control Room',
  });
  await api(baseUrl, admin, 'POST', '/api/group_user_list/', {
    ...CHIEF,
    role: 'group_admin',
    group_id: staffed.id,
  });
  feedKey = (await api<{ key: string }>(baseUrl, admin, 'POST', '/api/feeds/', { name: 'e2e-routing' })).key;
});
afterAll(async () => {
  await browser?.close();
});

describe('routing you can see', () => {
  it('warns before any storm that a new site reaches nobody, and a site in a staffed group reaches its inbox', {
    timeout: 120_000,
  }, async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Flocation');
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();

    const create = async (name: string, group: string, at: { lat: number; lon: number }) => {
      await page.getByRole('button', { name: 'New location' }).click();
      await page.getByLabel('Group').selectOption({ label: group });
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Latitude, longitude').fill(`${at.lat}, ${at.lon}`);
      await page.getByRole('button', { name: 'Create location' }).click();
      await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    };

    await create('E2E lonely mast', 'E2E Night Ops', LONELY);
    const lonely = page.getByRole('row', { name: /E2E lonely mast/ });
    await lonely.getByText('No one is notified of alarms at this site').waitFor();
    await page.screenshot({ path: '/tmp/routing-location-list.png' });

    // Its form says who is told at each level: nobody.
    await page.getByRole('button', { name: 'Edit E2E lonely mast' }).click();
    await page.getByRole('heading', { name: 'Who is told' }).waitFor();
    expect(await page.getByTestId('coverage-level-3').innerText()).toBe('Red nobody');
    expect(await page.getByTestId('location-group').innerText()).toBe('E2E Night Ops');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await create('E2E watched mast', 'E2E Control Room', WATCHED);
    const watched = page.getByRole('row', { name: /E2E watched mast/ });
    await page.getByRole('button', { name: 'Edit E2E watched mast' }).click();
    await page.getByTestId('coverage-level-3').getByText('Routing Chief Li (In the app)').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await watched.getByText(/No one is notified/).count()).toBe(0);

    // The board marks the lonely site too, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/realtimealert`);
    const sites = await api<{ items: { id: number; name: string }[] }>(
      baseUrl,
      admin,
      'GET',
      '/api/locations/?q=E2E%20lonely%20mast',
    );
    const lonelyId = sites.items[0]?.id as number;
    const mark = page.getByTestId(`coverage-warning-${lonelyId}`);
    await mark.waitFor();
    const box = await mark.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.screenshot({ path: '/tmp/routing-board-phone.png' });
    expect(await overflowing(page)).toEqual([]);

    // On the phone, nothing of the location form (its rings as cards), the access log (requests as cards)
    // or the notification tabs sticks out past the screen.
    await page.goto(`${baseUrl}/location`);
    await page.getByRole('button', { name: 'Edit E2E lonely mast' }).click();
    await page.getByRole('heading', { name: 'Who is told' }).waitFor();
    await page.getByLabel('Radius (km), ring 3').waitFor();
    expect(await overflowing(page)).toEqual([]);
    for (const [path, ready] of [
      ['/access_log', 'table tbody tr'],
      ['/notification', '[role="tablist"]'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator(ready).first().waitFor();
      expect(await overflowing(page), path).toEqual([]);
    }

    // A red alarm at the staffed group's site reaches its administrator's inbox through the duty desk.
    const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
      body: JSON.stringify([
        {
          time: new Date().toISOString(),
          lat: WATCHED.lat + 0.02,
          lon: WATCHED.lon,
          peak_ka: -31,
          type: 'CG',
        },
      ]),
    });
    expect(response.status).toBe(200);
    const chief = (
      await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
        username: CHIEF.username,
        password: CHIEF.password,
      })
    ).access;
    let red: InboxItem | undefined;
    for (let i = 0; i < 100 && !red; i++) {
      const inbox = await api<{ items: InboxItem[] }>(
        baseUrl,
        chief,
        'GET',
        '/api/notification_record?limit=20',
      );
      red = inbox.items.find((m) => m.event === 'alarm' && m.level === 3);
      if (!red) await new Promise((r) => setTimeout(r, 200));
    }
    expect(red?.title).toMatch(/E2E watched mast/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
