import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN, type RunningServer, setAdminLanguage, startServer } from './server';
import { sharedServerUrl } from './shared-server';
import { createUser, signIn } from './web-helpers';

/**
 * The administrator's database view: on the shared (read-only) server an admin browses and filters a table and
 * opens a row whose secret reads masked, a group admin is refused; on a server with ADMIN_DB_WRITE=true an
 * edit shows in the audit list.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
let writable: RunningServer | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await writable?.stop();
});

describe('administrator database view', () => {
  it('lists tables, filters users, opens a row with its password hash masked, read only', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Database' }).click();
    await page.getByRole('heading', { name: 'Database', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'users', exact: true }).click();
    await page.locator('#adb-column').selectOption('username');
    await page.locator('#adb-value').fill(E2E_ADMIN.username);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.adb-rows tbody tr').count()).toBe(1);
    await page.locator('.adb-rows tbody tr .link-button').first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('password_hash').waitFor();
    expect(await drawer.locator('.adb-masked').first().textContent()).toBe('••••');
    await drawer.getByText('Editing is off on this server (ADMIN_DB_WRITE).').waitFor();
    expect(await drawer.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is refused to a group admin, who has no menu entry for it', async () => {
    await createUser(baseUrl, { username: 'e2e-adb-ga', password: 'GroupAdmin-123', role: 'group_admin' });
    const { page } = await newPage(browser);
    await signIn(page, baseUrl, 'e2e-adb-ga', 'GroupAdmin-123');
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.getByRole('link', { name: 'Database' }).count()).toBe(0);
    await page.goto(`${baseUrl}/admin/database`);
    await page.getByRole('alert').waitFor();
    await page.context().close();
  });

  it('edits a name when ADMIN_DB_WRITE=true and shows it in the audit list', async () => {
    writable = await startServer({ SIMULATOR: 'off', ADMIN_DB_WRITE: 'true' });
    await setAdminLanguage(writable.baseUrl, 'en');
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, writable.baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${writable.baseUrl}/`);
    await page.goto(`${writable.baseUrl}/admin/database?table=groups`);
    await page.locator('.adb-rows tbody tr .link-button').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    await page.locator('#adb-edit-contact_name').fill('Duty desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Duty desk').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.locator('.adb-changes', { hasText: 'contact_name' }).getByText('Duty desk').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
