import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The overview dashboard of a group of its own: strokes posted now count today; the group's one device,
 * never heard from, shows offline (0 % online); each card opens its definition; Chinese at phone width
 * fits without sideways scrolling.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
const CHIEF = { username: 'e2e-overview-chief', password: 'Chief-12345-pw' };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken(baseUrl);
  const group = await api<{ id: number }>(baseUrl, admin, 'POST', '/api/group_list/', {
    slug: 'e2e-overview',
    name: 'E2E Overview Grid',
  });
  await api(baseUrl, admin, 'POST', '/api/group_user_list/', {
    ...CHIEF,
    role: 'group_admin',
    group_id: group.id,
  });
  const chief = (await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', CHIEF)).access;
  await api(baseUrl, chief, 'POST', '/api/change_profile_by_user', { language: 'en' });
  await api(baseUrl, chief, 'POST', '/api/devices/', {
    id: 'E2E-OV-1',
    name: 'Substation mill',
    kind: 'field_sensor',
    lat: 23.2,
    lon: 113.3,
    installed_at: null,
    model: '',
    serial: '',
    firmware: '',
  });
  const feed = await api<{ key: string }>(baseUrl, admin, 'POST', '/api/feeds/', { name: 'e2e-overview' });
  const now = Date.now();
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feed.key },
    body: JSON.stringify(
      [0, 1, 2].map((i) => ({
        time: new Date(now - 60_000 - i * 1000).toISOString(),
        // Far from every other spec's locations (the specs share one server).
        lat: 45.1,
        lon: 88.3,
        peak_ka: -18,
        type: 'CG',
      })),
    ),
  });
  expect(response.ok).toBe(true);
});
afterAll(async () => {
  await browser?.close();
});

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe('overview', () => {
  it('shows today’s strokes, the group’s offline device and each card’s definition', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, CHIEF.username, CHIEF.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/overview`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const strokes = page.getByTestId('indicator-strokes_today');
    await strokes.waitFor();
    expect(digits(await strokes.locator('.ov-card-value').textContent())).toBeGreaterThanOrEqual(3);
    const devices = page.getByTestId('indicator-devices_online');
    expect(await devices.locator('.ov-card-value').textContent()).toBe('0 %');
    await page.getByRole('region', { name: 'Devices' }).getByText('Offline').waitFor();
    await devices.getByText('Definition').click();
    await devices.getByText('Share of the group’s registered devices').waitFor();
    await page.getByTestId('overview-trend').locator('canvas').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in Chinese on a phone without sideways scrolling', async () => {
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, CHIEF.username, CHIEF.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/overview`);
    await page.locator('#language-switch').selectOption('zh-Hans');
    await page.getByRole('heading', { name: '总览', level: 1 }).waitFor();
    await page.getByTestId('indicator-strokes_today').getByText('今日闪电').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
