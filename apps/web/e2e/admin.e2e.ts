import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, createUser, overflowing, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('administration', () => {
  it('creates a user, changes the role, resets the password once-shown, and disables the account', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    // Users and groups have a place of their own in the navigation (and the tab says so).
    await page.getByRole('link', { name: 'Users and groups' }).click();
    await page.waitForURL(`${baseUrl}/users`);
    await page.getByRole('heading', { name: 'Users and groups', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Users and groups · /);
    await page.getByRole('button', { name: 'New user' }).click();
    await page.locator('#new-user-username').fill('e2e-ops');
    await page.locator('#new-user-password').fill('opspass123');
    await page.locator('#new-user-role').selectOption('operator');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: 'e2e-ops', exact: true }).waitFor();

    const row = page.getByRole('row', { name: /e2e-ops/ });
    await page.getByLabel('Role of e2e-ops').selectOption('viewer');
    await expect.poll(() => page.getByLabel('Role of e2e-ops').inputValue()).toBe('viewer');

    await row.getByRole('button', { name: 'Reset password' }).click();
    await row.getByRole('button', { name: 'Yes' }).click();
    const generated = (await page.locator('.generated-password code').textContent()) ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: 'I have noted it' }).click();
    expect(await page.locator('.generated-password').count()).toBe(0);

    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    expect(errors).toEqual([]);

    const other = await newPage(browser);
    await signIn(other.page, baseUrl, 'e2e-ops', generated);
    await other.page.getByText('This account is disabled').waitFor();
    await other.page.context().close();
    await page.context().close();
  });

  it('hides the access log from a viewer and shows it, filtered and exportable, to an admin', async () => {
    await createUser(baseUrl, { username: 'e2e-viewer', password: 'viewerpass1', role: 'viewer' });
    const viewer = await newPage(browser);
    await signIn(viewer.page, baseUrl, 'e2e-viewer', 'viewerpass1');
    await viewer.page.waitForURL(`${baseUrl}/`);
    expect(await viewer.page.getByRole('link', { name: 'Access log' }).count()).toBe(0);
    // Nor users and groups: the screen refuses as the API does.
    expect(await viewer.page.getByRole('link', { name: 'Users and groups' }).count()).toBe(0);
    await viewer.page.goto(`${baseUrl}/users`);
    await viewer.page.getByText('You do not have permission to do this.').waitFor();
    await viewer.page.goto(`${baseUrl}/access_log`);
    await viewer.page.getByText('You do not have permission to do this.').waitFor();
    await viewer.page.context().close();

    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Access log' }).click();
    await page.getByLabel('User', { exact: true }).fill('e2e-viewer');
    await page.getByLabel('Path').fill('user_data');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/username=e2e-viewer/);
    // The URL changes a moment before the table starts loading the filtered page.
    const onlyViewer = /e2e-viewer\s+GET\s+\/api\/user_data\s+200/;
    await expect
      .poll(async () => {
        const shown = await page.locator('[aria-busy="false"] tbody tr').allInnerTexts();
        return shown.length > 0 && shown.every((row) => onlyViewer.test(row));
      })
      .toBe(true);
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/e2e-viewer\s+GET\s+\/api\/user_data\s+200/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^access-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\n').filter((line) => line.includes('e2e-viewer')).length).toBe(rows.length);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('gives a group administrator their own group’s users and contacts, on a phone too', async () => {
    const admin = await adminToken(baseUrl);
    const group = await api<{ id: number }>(baseUrl, admin, 'POST', '/api/group_list/', {
      slug: 'e2e-users-yard',
      name: 'E2E Freight Yard',
    });
    const chief = { username: 'e2e-yard-chief', password: 'Yardchief-123', name: 'Yard Chief Wu' };
    await api(baseUrl, admin, 'POST', '/api/group_user_list/', {
      ...chief,
      role: 'group_admin',
      group_id: group.id,
    });
    const token = (
      await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
        username: chief.username,
        password: chief.password,
      })
    ).access;
    await api(baseUrl, token, 'POST', '/api/change_profile_by_user', { language: 'en' });

    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, chief.username, chief.password, '/login?next=%2Fusers');
    await page.getByRole('heading', { name: 'Users and groups', level: 1 }).waitFor();
    // Their own group only: no group picker, their group's name in its form, themselves in its users.
    await page.getByRole('row', { name: /e2e-yard-chief/ }).waitFor();
    expect(await page.locator('#group-picker').count()).toBe(0);
    expect(await page.locator('input[value="E2E Freight Yard"]').count()).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
