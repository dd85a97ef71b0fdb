import { chromium } from 'playwright-core';
const B = 'http://localhost:8023';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
for (const [lang, locale] of [['en', 'en-US'], ['zh', 'zh-CN']]) {
  for (const [w, h, tag] of [[1400, 900, 'wide'], [390, 844, 'phone']]) {
    const tok = (await (await fetch(`${B}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Admin12345' }) })).json()).access;
    await fetch(`${B}/api/change_profile_by_user`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` }, body: JSON.stringify({ language: lang === 'en' ? 'en' : 'zh-Hans' }) });
    const ctx = await browser.newContext({ locale, viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${B}/login`);
    await page.locator('input').nth(0).fill('admin');
    await page.locator('input[type=password]').fill('Admin12345');
    await page.locator('button[type=submit]').click();
    await page.waitForTimeout(2500);

    await page.goto(`${B}/?scene=1`);
    await page.waitForTimeout(4000);
    if (tag === 'phone') {
      await page.locator('.map-toolbar > details.home-collapsible > summary').first().click({ force: true });
      await page.locator('.scene-panel > summary').click({ force: true });
    }
    await page.waitForTimeout(1500);
    await page.screenshot({ ...{ path: `/tmp/layers-shots/home-scene-${lang}-${tag}.png`, fullPage: false }, timeout: 90000 }).catch((e) => console.log('shot failed', e.message.split('\n')[0]));
    if (tag === 'phone') {
      await page.locator('.map-toolbar').evaluate((el) => el.scrollTo(0, 2000));
      await page.waitForTimeout(300);
      await page.screenshot({ ...{ path: `/tmp/layers-shots/home-scene-${lang}-${tag}-2.png` }, timeout: 90000 }).catch((e) => console.log('shot failed', e.message.split('\n')[0]));
    }
    await page.goto(`${B}/`);
    await page.waitForTimeout(4000);
    await page.screenshot({ ...{ path: `/tmp/layers-shots/home-${lang}-${tag}.png` }, timeout: 90000 }).catch((e) => console.log('shot failed', e.message.split('\n')[0]));
    await page.goto(`${B}/decision?rotation=3`);
    await page.waitForTimeout(7000);
    await page.screenshot({ ...{ path: `/tmp/layers-shots/decision-${lang}-${tag}.png` }, timeout: 90000 }).catch((e) => console.log('shot failed', e.message.split('\n')[0]));
    await page.goto(`${B}/realtimealert?rotation=3`);
    await page.waitForTimeout(4000);
    await page.screenshot({ ...{ path: `/tmp/layers-shots/rta-${lang}-${tag}.png` }, timeout: 90000 }).catch((e) => console.log('shot failed', e.message.split('\n')[0]));
    console.log(lang, tag, errors);
    await ctx.close();
  }
}
await browser.close();
