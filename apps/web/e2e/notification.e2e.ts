import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { Topic } from '@thunderwatch/shared/schemas/notifications';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
/** Far from the other specs' strokes, so only this spec's strokes reach this location's ring. */
const SITE = { lat: 35.0, lon: 100.0 };
const BOSS = { username: 'e2e_inbox_boss', name: 'Duty Chief Wang', password: 'Passw0rd!e2e' };

let browser: Browser;
let token: string;
let feedKey: string;
let location: LocationDto;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken(baseUrl);
  const group = await api<{ id: number }>(baseUrl, admin, 'POST', '/api/group_list/', {
    slug: 'e2e-inbox',
    name: 'E2E Inbox Airport',
  });
  const boss = await api<{ id: number }>(baseUrl, admin, 'POST', '/api/group_user_list/', {
    ...BOSS,
    role: 'group_admin',
    group_id: group.id,
  });
  feedKey = (await api<{ key: string }>(baseUrl, admin, 'POST', '/api/feeds/', { name: 'e2e-notification' }))
    .key;
  token = (
    await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
      username: BOSS.username,
      password: BOSS.password,
    })
  ).access;
  await api(baseUrl, token, 'POST', '/api/change_profile_by_user', { language: 'en' });
  location = await api<LocationDto>(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E Inbox Apron',
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
    rings: [{ radius_km: 10, level: 3, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true }],
  });
  // The group admin is told of the location's alarms in the app.
  await api(baseUrl, token, 'POST', '/api/distribute_add', {
    name: 'E2E inbox duty',
    locations: [location.id],
    min_level: 1,
    channels: ['inapp'],
    recipients: [{ kind: 'user', value: String(boss.id) }],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function openNotifications(path = '/notification') {
  const opened = await newPage(browser);
  await signIn(opened.page, baseUrl, BOSS.username, BOSS.password, `/login?next=${encodeURIComponent(path)}`);
  await opened.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  return opened;
}

describe('notification screen', () => {
  it('shows an alarm arriving live, then confirmed by whom, and marks messages read', async () => {
    const { page, errors } = await openNotifications();
    await page.getByText('No messages yet.', { exact: false }).waitFor();
    expect(await page.getByTestId('nav-unread').count()).toBe(0);

    const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
      body: JSON.stringify([
        { time: new Date().toISOString(), lat: SITE.lat + 0.027, lon: SITE.lon, peak_ka: -28, type: 'CG' },
      ]),
    });
    expect(response.status).toBe(200);

    // The alarm's message arrives without a reload, red and unconfirmed, and the navigation counts it.
    const alarmEntry = page.getByRole('listitem').filter({ hasText: 'E2E Inbox Apron' }).first();
    await alarmEntry.waitFor({ timeout: 20_000 });
    await alarmEntry.getByText('Red', { exact: true }).waitFor();
    await alarmEntry.getByText('Unconfirmed').waitFor();
    expect(await page.getByTestId('nav-unread').innerText()).toMatch(/^1\b/);

    const alarms = await api<{ items: AlarmDto[] }>(
      baseUrl,
      token,
      'GET',
      `/api/alarms/?location_id=${location.id}`,
    );
    expect(alarms.items).toHaveLength(1);
    await api(baseUrl, token, 'POST', '/api/warning/alarm_confirm', { id: alarms.items[0]?.id });

    // Everyone the alarm reached sees who confirmed it: the alarm's message says so, and a message says so.
    const confirmed = page.getByTestId(/^inbox-/).filter({ hasText: 'Confirmed by Duty Chief Wang at' });
    await expect.poll(() => confirmed.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const original = page.getByTestId(/^inbox-/).last();
    await original
      .getByText(/^Confirmed by Duty Chief Wang at \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/)
      .waitFor();
    expect(await original.getByText('Unconfirmed').count()).toBe(0);

    // Read one, then the rest; the count in the navigation goes with them.
    const unreadBefore = await page.getByRole('button', { name: /^Mark read: / }).count();
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    await original.getByRole('button', { name: /^Mark read: / }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /^Mark read: / }).count())
      .toBe(unreadBefore - 1);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByTestId('unread-count').getByText('Unread: 0').waitFor();
    await page.getByTestId('nav-unread').waitFor({ state: 'detached' });
    await page.getByLabel('Unread only').check();
    await page.getByText('No unread messages.').waitFor();

    // The delivery records show the in-app deliveries as sent, with their attempts.
    await page.getByRole('tab', { name: 'Delivery records' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Alarm' }).filter({ hasText: 'Sent' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: /^Attempts of delivery/ }).click();
    await page.getByRole('list', { name: 'Attempts' }).getByText('accepted').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('subscribes and unsubscribes several topics at once', async () => {
    const { page, errors } = await openNotifications('/notification?tab=topics');
    const subscriptions = () => api<Topic[]>(baseUrl, token, 'GET', '/api/notification/subscription');
    await page.getByLabel('Select Alarms at E2E Inbox Apron').check();
    await page.getByLabel(/^Select Daily summary/).check();
    await page.getByRole('button', { name: 'Subscribe selected', exact: true }).click();
    await page.getByRole('status').getByText('Subscribed to topics: 2').waitFor();
    expect((await subscriptions()).map((t) => t.id).sort()).toEqual([
      'daily_summary',
      `location:${location.id}`,
    ]);
    const apronRow = page.getByRole('row').filter({ hasText: 'Alarms at E2E Inbox Apron' });
    await apronRow.getByText('Subscribed', { exact: true }).waitFor();

    await page.getByLabel('Select Alarms at E2E Inbox Apron').check();
    await page.getByRole('button', { name: 'Unsubscribe selected' }).click();
    await apronRow.getByText('Not subscribed').waitFor();
    expect((await subscriptions()).map((t) => t.id)).toEqual(['daily_summary']);
    // My group has one location: its topic and the daily summary, under the header row.
    expect(await page.getByRole('row').count()).toBe(3);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends me a test message in the app, says why e-mail cannot reach me, and words it in my new language', async () => {
    const { page, errors } = await openNotifications('/notification?tab=test');
    await page.getByLabel('Channel').selectOption({ label: 'In the app' });
    await page.getByRole('button', { name: 'Send test message' }).click();
    await page
      .getByTestId('test-result')
      .getByText(/^In the app: Sent in \d+ ms\.$/)
      .waitFor();

    await page.getByLabel('Channel').selectOption({ label: 'E-mail' });
    await page.getByRole('button', { name: 'Send test message' }).click();
    await page
      .getByRole('alert')
      .getByText('This user has no address for that channel', { exact: false })
      .waitFor();

    await page.getByRole('tab', { name: 'Inbox' }).click();
    const sent = page.locator('[data-event="test"]').first();
    await expect.poll(() => sent.textContent()).toContain('Thunderwatch test message');
    // The reader switches to Chinese: the message already in the inbox reads in Chinese (worded when read).
    await page.getByLabel('Language').selectOption('zh-Hans');
    await expect.poll(() => sent.textContent(), { timeout: 15_000 }).toContain('雷电监测预警平台测试消息');
    expect(errors).toEqual([]);
    await page.context().close();
    await api(baseUrl, token, 'POST', '/api/change_profile_by_user', { language: 'en' });
  });
});
