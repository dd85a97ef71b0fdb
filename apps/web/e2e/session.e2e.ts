import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, createUser, expiredJwt, latestCode, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, {
    username: 'e2e-phone',
    password: 'phonepass123',
    role: 'viewer',
    phone: '13700000001',
  });
  await createUser(baseUrl, {
    username: 'e2e-reset',
    password: 'resetpass123',
    role: 'viewer',
    phone: '13700000002',
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('session', () => {
  it('shows a translated error for a wrong password, then signs in, signs out and forgets the tokens', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, 'not-the-password1');
    await page.getByText('Wrong username, phone number or password.').waitFor();
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(
      await page.evaluate(() => Boolean(localStorage.getItem('access') && localStorage.getItem('refresh'))),
    ).toBe(true);
    // The URL changes before the home screen is rendered (the router renders it in a transition, the sign-in
    // page still shown): a click on the user menu then opened the sign-in page's menu, which the new screen
    // closed. Wait for the home screen itself.
    await page.locator('.map-view').waitFor();
    await page.getByRole('button', { name: /Administrator/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(
      await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh')]),
    ).toEqual([null, null]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('applies the profile language at sign-in in a fresh browser, and goes on from /login while signed in', async () => {
    await createUser(baseUrl, { username: 'e2e-zh', password: 'zhpass12345', role: 'viewer' });
    const { access } = await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
      username: 'e2e-zh',
      password: 'zhpass12345',
    });
    await api(baseUrl, access, 'POST', '/api/change_profile_by_user', { language: 'zh-Hans' });
    // A fresh browser whose language is English.
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, 'e2e-zh', 'zhpass12345');
    await page.waitForURL(`${baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
    await page.getByRole('link', { name: '实时地图' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(JSON.stringify('zh-Hans'));
    // /login while signed in: on to `next`, or home.
    await page.goto(`${baseUrl}/login?next=%2Fnotification`);
    await page.waitForURL(`${baseUrl}/notification`);
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refreshes an expired access token once for all the calls of a screen', async () => {
    const { page: signingIn } = await newPage(browser);
    await signIn(
      signingIn,
      baseUrl,
      E2E_ADMIN.username,
      E2E_ADMIN.password,
      '/login?next=%2Fchange_password',
    );
    await signingIn.waitForURL(`${baseUrl}/change_password`);
    // A new tab of the same browser, whose stored access token has expired: the signed-in tab is closed
    // first, so that nothing of it (its inbox badge, its socket) refreshes behind the test's back.
    const context = signingIn.context();
    await signingIn.close();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript((token) => localStorage.setItem('access', token), expiredJwt());
    const refreshes: string[] = [];
    const authorised: { url: string; status: number }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/auth/token/refresh')) refreshes.push(request.url());
    });
    page.on('response', async (response) => {
      // A response may still come in as the page closes: its headers are gone then, and so is the question.
      const authorization = await response
        .request()
        .headerValue('authorization')
        .catch(() => null);
      if (authorization?.startsWith('Bearer ')) {
        authorised.push({ url: response.url(), status: response.status() });
      }
    });
    await page.goto(`${baseUrl}/users`);
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('row', { name: /admin you/ }).waitFor();
    // Every call the screen fires at once waits for the one refresh (five raw calls: api-client.e2e.ts).
    expect(authorised.length).toBeGreaterThanOrEqual(4);
    expect(authorised.every((r) => r.status === 200)).toBe(true);
    expect(refreshes).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a user whose session is gone to /login, remembering the screen', async () => {
    const { page } = await newPage(browser);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    await page.evaluate((token) => {
      localStorage.setItem('access', token);
      localStorage.setItem('refresh', 'revoked');
    }, expiredJwt());
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?next=%2Fprofile`);
    await page.context().close();
  });

  it('signs in, switches the language on the home screen, keeps it after a reload, signs out', async () => {
    const { page, errors } = await newPage(browser, 'en-US');
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/language/'));
    await page.getByLabel('Language').selectOption('zh-Hans');
    expect(await (await answer).json()).toEqual({ status: 'ok', lang: 'zh-Hans' });
    await page.getByRole('link', { name: '访问日志' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('"zh-Hans"');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
    await page.getByRole('link', { name: '访问日志' }).waitFor();
    await page.getByRole('button', { name: /Administrator/ }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
    // The switch was saved in the admin's profile, which wins at sign-in: back to English for the tests after.
    await api(baseUrl, await adminToken(baseUrl), 'POST', '/api/change_profile_by_user', { language: 'en' });
  });

  it('switches the language, saves it as JSON and keeps it after a reload', async () => {
    const { page } = await newPage(browser, 'en-US');
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Language').selectOption('zh-Hans');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('"zh-Hans"');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
    await page.reload();
    await page.getByLabel('用户名或手机号').waitFor();
    await page.context().close();
  });

  it('signs in with a phone code, counting down before another code may be sent', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Sign in with a phone code' }).click();
    await page.getByLabel('Mobile phone number').fill('13700000001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Send again in \d+ s/ }).waitFor();
    expect(await page.getByRole('button', { name: /Send again in/ }).isDisabled()).toBe(true);
    await page.getByLabel('Verification code').fill(await latestCode(baseUrl, '13700000001'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: /e2e-phone/ }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('resets a forgotten password with a phone code, checking the password rule first', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/reset_password`);
    await page.getByLabel('Mobile phone number').fill('13700000002');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Send again in/ }).waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(baseUrl, '13700000002'));
    await page.getByLabel('New password', { exact: true }).fill('onlyletters');
    await page.getByLabel('Repeat the new password').fill('onlyletters');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The password needs at least one digit.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-42');
    await page.getByLabel('Repeat the new password').fill('fresh-pass-42');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByText('Your password was reset').waitFor();
    await page.getByLabel('Username or phone number').fill('e2e-reset');
    await page.getByLabel('Password').fill('fresh-pass-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
