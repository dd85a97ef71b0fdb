import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

/**
 * The data sheets of a group of its own: the alerts sheet lists its location; sorting by a column reverses on a second
 * click; the device uptime sheet shows a registered device; the Excel download opens with both-language
 * headers.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;

const KEEPER = { username: 'e2e-sheet-keeper', password: 'Keeper-12345-pw' };

beforeAll(async () => {
  browser = await launchBrowser();
  // A group of its own, so nothing here shows in the other specs' groups.
  const admin = await adminToken(baseUrl);
  const group = await api<{ id: number }>(baseUrl, admin, 'POST', '/api/group_list/', {
    slug: 'e2e-sheets',
    name: 'E2E Sheets Grid',
  });
  await api(baseUrl, admin, 'POST', '/api/group_user_list/', {
    ...KEEPER,
    role: 'group_admin',
    group_id: group.id,
  });
  const token = (await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', KEEPER)).access;
  await api(baseUrl, token, 'POST', '/api/change_profile_by_user', { language: 'en' });
  await api(baseUrl, token, 'POST', '/api/locations/', {
    name: 'E2E sheet substation',
    shape: { type: 'Point', coordinates: [113.5, 23.2] },
  });
  await api(baseUrl, token, 'POST', '/api/devices/', {
    id: 'E2E-SHEET-1',
    name: 'Sheet station',
    kind: 'station',
    lat: 23.1,
    lon: 113.4,
    installed_at: null,
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('data sheets', () => {
  it('shows, sorts and downloads the sheets', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, KEEPER.username, KEEPER.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/data_sheet`);
    await page.getByRole('heading', { name: 'Data sheets', level: 1 }).waitFor();
    const table = page.getByTestId('sheet-table');
    await page.getByRole('tab', { name: 'Alerts per location' }).click();
    await table.getByRole('cell', { name: 'E2E sheet substation' }).waitFor();
    await table.getByRole('button', { name: 'Location ID' }).click();
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Location ID' }).waitFor();
    await table.getByRole('button', { name: 'Location ID' }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: 'Location ID' }).waitFor();

    await page.getByRole('tab', { name: 'Device uptime' }).click();
    await table.getByRole('cell', { name: 'E2E-SHEET-1' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^device_uptime_\d{4}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('设备编号 / Device ID');
    const ids: unknown[] = [];
    sheet?.eachRow((row, n) => n > 1 && ids.push(row.getCell(1).value));
    expect(ids).toContain('E2E-SHEET-1');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
