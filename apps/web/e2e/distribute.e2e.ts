import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, createUser, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;
let duty: { id: number };

beforeAll(async () => {
  browser = await launchBrowser();
  duty = await createUser(baseUrl, {
    username: 'e2e-duty-wang',
    password: 'Duty12345x',
    role: 'operator',
    name: 'Wang Zhiban',
  });
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

  it('picks a recipient by typing part of their name, adds a DingTalk robot, and shows admins the group', async () => {
    const robot = 'https://93.184.216.34/robot/send?access_token=e2e0f1e';
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Fdistribute');
    await page.getByRole('heading', { name: 'Distribution lists', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E robots');
    await page.getByLabel('DingTalk', { exact: true }).check();
    await page.getByLabel('Language of messages').selectOption('en');

    // A user by name: type part of it, move to the match with the arrow keys, take it with Enter.
    const who = page.getByRole('combobox', { name: 'Recipients 1, value' });
    await who.pressSequentially('zhiba');
    const match = page.getByRole('option', { name: /Wang Zhiban/ });
    await match.waitFor();
    // Escape closes the matches; the arrow key opens them again on the first one.
    await who.press('Escape');
    await match.waitFor({ state: 'hidden' });
    await who.press('ArrowDown');
    expect(await match.getAttribute('aria-selected')).toBe('true');
    await who.press('Enter');
    await match.waitFor({ state: 'detached' });
    expect(await who.inputValue()).toBe('Wang Zhiban');

    await page.getByRole('button', { name: 'Add to Recipients' }).click();
    await page.getByLabel('Recipients 2, kind').selectOption('dingtalk');
    await page.getByLabel('Recipients 2, value').fill(robot);
    await page.getByLabel('Recipients 2, signing secret').fill('not-a-dingtalk-secret');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page
      .getByRole('alert')
      .getByText(/Recipient 2: a secret has no spaces; a DingTalk one/)
      .waitFor();
    await page
      .getByLabel('Recipients 2, signing secret')
      .fill('SEC0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd');
    await page.getByRole('button', { name: 'Create list' }).click();

    const row = page.getByRole('row', { name: /E2E robots/ });
    await row.waitFor();
    const stored = (await storedLists()).find((l) => l.name === 'E2E robots');
    expect(stored).toMatchObject({
      channels: ['inapp', 'dingtalk'],
      language: 'en',
      recipients: [
        { kind: 'user', value: String(duty.id), name: 'Wang Zhiban' },
        { kind: 'dingtalk', value: robot, has_secret: true },
      ],
    });
    // Admins see every group's lists: the table names each list's group.
    const groups = await api<{ items: { id: number; name: string; name_en: string | null }[] }>(
      baseUrl,
      await adminToken(baseUrl),
      'GET',
      '/api/group_list/?limit=1000',
    );
    const group = groups.items.find((g) => g.id === stored?.group_id);
    await page.getByRole('columnheader', { name: 'Group' }).waitFor();
    await row.getByRole('cell', { name: group?.name_en || group?.name, exact: true }).waitFor();

    // Editing shows the chosen user by name, and the robot's secret as stored.
    await page.getByRole('button', { name: 'Edit E2E robots' }).click();
    expect(await page.getByRole('combobox', { name: 'Recipients 1, value' }).inputValue()).toBe(
      'Wang Zhiban',
    );
    expect(await page.getByLabel('Recipients 2, signing secret').getAttribute('placeholder')).toBe(
      'Secret stored — leave empty to keep it',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete E2E robots' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets a phone pick a user by touch, the form within 390 px', async () => {
    const { page, errors } = await newPage(browser, 'en-US', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password, '/login?next=%2Fdistribute');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New list' }).click();
    const who = page.getByRole('combobox', { name: 'Recipients 1, value' });
    await who.tap();
    await who.pressSequentially('Wang');
    await page.getByRole('option', { name: /Wang Zhiban/ }).tap();
    expect(await who.inputValue()).toBe('Wang Zhiban');
    // Nothing in the form reaches past its own edge (the shell around it is the phone layout's).
    const overflow = await page.evaluate(() => {
      const form = document.querySelector('.distribute-form') as HTMLElement;
      const right = Math.max(...[...form.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
      return { right, edge: form.getBoundingClientRect().right, scroll: form.scrollWidth - form.clientWidth };
    });
    expect(overflow.right).toBeLessThanOrEqual(overflow.edge);
    expect(overflow.scroll).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
