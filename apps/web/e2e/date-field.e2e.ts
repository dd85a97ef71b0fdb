import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { createUser } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MONTHS =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

describe('date fields follow the interface language, not the browser’s', () => {
  it('speaks English in a Chinese browser: typed, picked with the mouse and the keyboard', async () => {
    const username = `dates-en-${Date.now()}`;
    const password = 'Passw0rd!e2e';
    await createUser(baseUrl, { username, password, role: 'admin', language: 'en' });
    const { page, errors } = await newPage(browser, 'zh-CN');
    // The sign-in form speaks the browser's language; the profile's English wins from then on.
    await page.goto(`${baseUrl}/login?next=%2Faccess_log`);
    await page.getByLabel('用户名或手机号').fill(username);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: 'Access log', level: 1 }).waitFor();

    const from = page.getByLabel('From', { exact: true });
    await from.fill('2026-11-24');
    await from.press('Tab');
    expect(await from.inputValue()).toBe('24 Nov 2026');

    await page.getByRole('button', { name: 'Choose a date: From' }).click();
    const calendar = page.getByRole('dialog');
    expect(await calendar.getByRole('heading').innerText()).toBe('November 2026');
    expect(await calendar.locator('th').allInnerTexts()).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    await calendar.getByRole('button', { name: 'Next month' }).click();
    expect(await calendar.getByRole('heading').innerText()).toMatch(MONTHS);
    expect(await calendar.getByRole('heading').innerText()).toBe('December 2026');
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.getByRole('button', { name: /25 November 2026/ }).click();
    expect(await from.inputValue()).toBe('25 Nov 2026');
    await page.getByLabel('From, time (hh:mm:ss)').fill('8:30');

    // Keyboard: the calendar opens on today (nothing picked yet), arrows move, Page Down a month on, Enter picks.
    await page.getByRole('button', { name: 'Choose a date: To' }).click();
    expect(await calendar.getByRole('heading').innerText()).toMatch(MONTHS);
    const opened = await calendar.getByRole('heading').innerText();
    await page.keyboard.press('PageDown');
    expect(await calendar.getByRole('heading').innerText()).not.toBe(opened);
    await page.keyboard.press('Escape');
    expect(await calendar.count()).toBe(0);
    const to = page.getByLabel('To', { exact: true });
    await to.fill('26 November 2026');
    await page.getByRole('button', { name: 'Choose a date: To' }).click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('25 Nov 2026');

    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/from=/);
    const search = new URL(page.url()).searchParams;
    // The values the API calls are built from are the same as `datetime-local` gave.
    expect(search.get('from')).toBe('2026-11-25T08:30:00');
    expect(search.get('to')).toBe('2026-11-25T23:59:59');

    // What is typed while the address catches up with an applied filter is kept: the form is not rebuilt
    // from its own filters (it was, and a date typed in that moment was lost).
    const applied = page.waitForResponse(
      (r) => r.url().includes('/api/access_log') && r.url().includes('path='),
    );
    await page.evaluate(() => {
      const path = document.getElementById('access-log-path') as HTMLInputElement;
      const user = document.getElementById('access-log-username') as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(path, '/api/access_log');
      path.dispatchEvent(new Event('input', { bubbles: true }));
      path.form?.requestSubmit();
      setValue?.call(user, 'typed-meanwhile');
      user.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await applied;
    expect(new URL(page.url()).searchParams.get('path')).toBe('/api/access_log');
    expect(await page.getByLabel('User', { exact: true }).inputValue()).toBe('typed-meanwhile');
    // Filters that come from outside (Back) do replace what the form shows.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('path'));
    await expect.poll(() => page.getByLabel('Path', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('User', { exact: true }).inputValue()).toBe('');

    // Text that names no date stops the form and says what to type.
    await from.fill('tomorrow');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Not a date: type it like 24 Nov 2026 or 2026-11-24').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe('2026-11-25T08:30:00');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('speaks Chinese in an English browser, at phone width', async () => {
    const username = `dates-zh-${Date.now()}`;
    const password = 'Passw0rd!e2e';
    await createUser(baseUrl, { username, password, role: 'admin', language: 'zh-Hans' });
    const { page, errors } = await newPage(browser, 'en-US', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    await page.goto(`${baseUrl}/login?next=%2Faccess_log`);
    await page.getByLabel('Username or phone number').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: '访问日志', level: 1 }).waitFor();

    const from = page.getByLabel('开始时间', { exact: true });
    await from.fill('24 Nov 2026');
    await from.press('Tab');
    expect(await from.inputValue()).toBe('2026年11月24日');
    await page.getByRole('button', { name: '选择日期：开始时间' }).click();
    const calendar = page.getByRole('dialog');
    expect(await calendar.getByRole('heading').innerText()).toBe('2026年11月');
    expect(await calendar.locator('th').allInnerTexts()).toEqual([
      '周一',
      '周二',
      '周三',
      '周四',
      '周五',
      '周六',
      '周日',
    ]);
    // The whole calendar is on the screen, and its days are big enough to tap.
    const box = await calendar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);
    const day = calendar.getByRole('button', { name: '2026年11月20日星期五' });
    expect((await day.boundingBox())?.height).toBeGreaterThanOrEqual(40);
    await day.tap();
    expect(await from.inputValue()).toBe('2026年11月20日');
    await page.getByRole('button', { name: '筛选' }).click();
    await page.waitForURL(/from=2026-11-20T00%3A00%3A00/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
