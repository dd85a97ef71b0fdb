import type { WechatBindingStatus } from '@thunderwatch/shared/schemas/wechat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_WECHAT, signedCallbackQuery } from './fake-wechat';
import { sharedServerUrl } from './shared-server';
import { api, createUser, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What WeChat pushes when a follower scans a QR code with a scene (its recorded SCAN event format). */
function scanEvent(openid: string, scene: string): string {
  return `<xml>
<ToUserName><![CDATA[${E2E_WECHAT.account}]]></ToUserName>
<FromUserName><![CDATA[${openid}]]></FromUserName>
<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[SCAN]]></Event>
<EventKey><![CDATA[${scene}]]></EventKey>
<Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket>
</xml>`;
}

describe('wechat screen', () => {
  it('binds by the QR code, turns to the bound account by itself, and unbinds after a question', async () => {
    const username = `wechat${Date.now()}`;
    const password = 'Passw0rd!e2e';
    await createUser(baseUrl, { username, password, role: 'viewer' });
    const { page, errors } = await newPage(browser);
    await signIn(page, baseUrl, username, password, '/login?next=%2Fwechat');
    await page.getByRole('heading', { name: 'WeChat binding', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'WeChat is not bound' }).waitFor();

    await page.getByRole('button', { name: 'Bind WeChat' }).click();
    await page.getByRole('img', { name: 'QR code to bind WeChat' }).waitFor();
    const timer = page.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^Expires in (10:00|9:5\d)$/);
    const shown = (await page.locator('.wechat-typed-code').textContent()) ?? '';
    expect(shown).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{1,4}){6}$/);
    // The countdown runs.
    await page.waitForFunction(
      (first) => document.querySelector('[role="timer"]')?.textContent !== first,
      await timer.textContent(),
    );

    // WeChat tells the server the code's scene was scanned by a follower.
    const openid = 'oE2EVjngRipVsoxg6TuX3vz6glDg';
    const pushed = await fetch(`${baseUrl}/wechat/callback?${signedCallbackQuery()}&openid=${openid}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: scanEvent(openid, shown.replaceAll('-', '')),
    });
    expect(pushed.status).toBe(200);
    expect(await pushed.text()).toContain(`<ToUserName><![CDATA[${openid}]]></ToUserName>`);

    // The screen polls and turns without a reload.
    await page.getByRole('heading', { name: 'WeChat is bound' }).waitFor({ timeout: 10_000 });
    await page.getByText('oE2E…glDg').waitFor();
    await page.getByText('Bound since').waitFor();

    await page.getByRole('button', { name: 'Unbind' }).click();
    await page.getByText('Unbind this WeChat account?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('heading', { name: 'WeChat is not bound' }).waitFor();
    const session = await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
      username,
      password,
    });
    const status = await api<WechatBindingStatus>(baseUrl, session.access, 'GET', '/api/wechat/binding');
    expect(status).toEqual({ configured: true, bound: false });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('speaks Chinese to a Chinese user', async () => {
    const username = `wechatzh${Date.now()}`;
    const password = 'Passw0rd!e2e';
    await createUser(baseUrl, { username, password, role: 'viewer', language: 'zh-Hans' });
    const { page, errors } = await newPage(browser, 'zh-CN');
    await page.goto(`${baseUrl}/login?next=%2Fwechat`);
    await page.getByLabel('用户名或手机号').fill(username);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: '微信绑定', level: 1 }).waitFor();
    await page.getByRole('button', { name: '绑定微信' }).click();
    await page.getByRole('img', { name: '绑定微信的二维码' }).waitFor();
    await page.getByText(/后失效$/).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
