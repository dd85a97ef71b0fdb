import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { adminToken, api, signIn } from './web-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storedLists = async () =>
  (await api<{ items: DistributionList[] }>(baseUrl, await adminToken(baseUrl), 'GET', '/api/distribute_get'))
    .items;

describe('distribute screen', () => {
  it('adds a list, names the recipient the server refuses, and deletes the list', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Fdistribute');
    await page.getByRole('heading', { name: 'Distribution lists', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByLabel('Name').fill('E2E duty');
    await page.getByLabel('Minimum level').selectOption({ label: 'Orange and above' });
    await page.getByLabel('SMS').check();
    await page.getByLabel('Recipients 1, kind').selectOption('phone');
    await page.getByLabel('Recipients 1, value').fill('+8613812345678');
    await page.getByRole('button', { name: 'Add to Recipients' }).click();
    await page.getByLabel('Recipients 2, kind').selectOption('email');
    await page.getByLabel('Recipients 2, value').fill('duty at example');
    await page.getByRole('button', { name: 'Create list' }).click();

    // The server's answer names the second recipient, and that row is marked.
    const alert = page.getByRole('alert');
    await alert.getByText('recipients/1/value').waitFor();
    await alert.getByText(/is not an e-mail address/).waitFor();
    expect(await page.getByLabel('Recipients 2, value').getAttribute('aria-invalid')).toBe('true');
    expect((await storedLists()).some((l) => l.name === 'E2E duty')).toBe(false);

    await page.getByLabel('Recipients 2, value').fill('duty@example.com');
    await page.getByRole('button', { name: 'Create list' }).click();
    const row = page.getByRole('row', { name: /E2E duty/ });
    await row.waitFor();
    await row.getByText('Orange and above').waitFor();
    await row.getByText('In the app, SMS').waitFor();
    const stored = (await storedLists()).find((l) => l.name === 'E2E duty');
    expect(stored).toMatchObject({
      locations: 'all',
      min_level: 2,
      channels: ['inapp', 'sms'],
      recipients: [
        { kind: 'phone', value: '+8613812345678' },
        { kind: 'email', value: 'duty@example.com' },
      ],
      quiet_hours: null,
      escalate_to: null,
    });

    await page.getByRole('button', { name: 'Delete E2E duty' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await storedLists()).some((l) => l.name === 'E2E duty')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
