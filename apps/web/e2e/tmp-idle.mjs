// temporary: CPU of an idle page in headless Chromium (not committed)

import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const [url, user, pass, path] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-gpu-compositing',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
const page = await ctx.newPage();
const r = await fetch(url + '/api/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: user, password: pass }),
});
const tok = await r.json();
await page.goto(url + '/login');
await page.evaluate(
  ({ a, b }) => {
    localStorage.setItem('access', a);
    localStorage.setItem('refresh', b);
  },
  { a: tok.access, b: tok.refresh },
);
await page.goto(url + path);
await page.waitForTimeout(8000);
const cpu = () =>
  Number(
    execSync(
      `ps -eo cputimes,cmd | grep -E 'chromium' | grep -v grep | awk '{s+=$1} END {print s}'`,
    ).toString(),
  );
const c0 = cpu();
const t0 = Date.now();
await page.waitForTimeout(20000);
console.log(
  path,
  'chromium CPU share while idle:',
  ((cpu() - c0) / ((Date.now() - t0) / 1000)).toFixed(2),
  'cores',
);
await browser.close();
