// The screenshot review list: starts the built portal on the demo (its simulator, a fresh embedded database),
// opens each view below in Chromium in both languages, on a desk screen and on a phone, and writes one PNG per
// view with an index (screenshots/review/index.md) naming what to look at in each. For people, not CI: run it
// after a change to a screen and look at the pictures. Needs `npm run build` and /usr/bin/chromium.
//   node scripts/review-screens.mjs [filter]   (filter: part of a view's name, e.g. "map")
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'screenshots', 'review');
const PASSWORD = 'Review-pass-2026';

/** What to look at in each view; `click` opens a part of it first; `settle` waits for maps to draw. */
const VIEWS = [
  {
    name: 'home map',
    path: '/',
    settle: 6000,
    check:
      'Each site’s name beside its own marker, none hidden or under a panel; city names shown; credits folded to (i); the layer panel ends above the zoom buttons.',
  },
  {
    name: 'home weather warnings layer',
    path: '/',
    click: 'label:has-text("Official weather warnings"), label:has-text("官方气象预警")',
    settle: 4000,
    check: 'The layer says how many warnings are in force, or that none is.',
  },
  {
    name: 'board',
    path: '/realtimealert',
    settle: 4000,
    check: 'Tiles, levels, skill lines; phone: nothing cut off.',
  },
  {
    name: 'gale map',
    path: '/decision',
    settle: 5000,
    check: 'Credits do not cover the typhoon or a station; stations named in the reader’s language.',
  },
  {
    name: 'devices map',
    path: '/device',
    settle: 5000,
    check: 'Devices named beside their dots in their status colour.',
  },
  {
    name: 'location form',
    path: '/location',
    click: 'button.button >> nth=0',
    check: 'Group chosen, who is told; phone: each ring a card, nothing cut off.',
  },
  {
    name: 'alert history',
    path: '/alert_history',
    check: 'Episodes, filters in the reader’s days; phone: cards.',
  },
  { name: 'users and groups', path: '/users', check: 'Group contacts and users; phone: users as cards.' },
  {
    name: 'notifications',
    path: '/notification',
    check: 'Tabs whole words (no 订阅主/题); messages in the reader’s language.',
  },
  { name: 'access log', path: '/access_log', check: 'Phone: each request a card, its path on one line.' },
  {
    name: 'statistics',
    path: '/statistic',
    check: 'Days in the reader’s zone, named; default end day today there.',
  },
  {
    name: 'data sheets',
    path: '/data_sheet',
    check: 'Alerts sheet’s skill columns equal the location screen’s.',
  },
  {
    name: 'insight reports',
    path: '/insight',
    check: 'Report form; a report preview’s charts fit the frame.',
  },
  {
    name: 'not found',
    path: '/no/such/page',
    check: 'The tab and the page name the missing page in the reader’s language.',
  },
];
const SCREENS = [
  { name: 'desk', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];
const LANGUAGES = ['zh-Hans', 'en'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

async function startPortal() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thunderwatch-review-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      BASEMAP: 'offline',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
    },
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/comp_info`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error('the portal exited while starting');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function signInAs(baseUrl, language) {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const tokens = await login.json();
  await fetch(`${baseUrl}/api/change_profile_by_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access}` },
    body: JSON.stringify({ language }),
  });
  return tokens;
}

const filter = process.argv[2]?.toLowerCase();
const views = VIEWS.filter((v) => !filter || v.name.includes(filter));
await mkdir(out, { recursive: true });
const portal = await startPortal();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const index = ['# Screenshot review', '', `Made ${new Date().toISOString()} on the demo.`, ''];
try {
  for (const language of LANGUAGES) {
    const tokens = await signInAs(portal.baseUrl, language);
    for (const screen of SCREENS) {
      const { name: screenName, ...options } = screen;
      const context = await browser.newContext({ ...options, locale: language === 'en' ? 'en-GB' : 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${portal.baseUrl}/login`);
      await page.evaluate(
        ([access, refresh, lang]) => {
          localStorage.setItem('access', access);
          localStorage.setItem('refresh', refresh);
          localStorage.setItem('lang', JSON.stringify(lang));
        },
        [tokens.access, tokens.refresh, language],
      );
      for (const view of views) {
        await page.goto(`${portal.baseUrl}${view.path}`);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        if (view.click)
          await page
            .locator(view.click)
            .first()
            .click({ timeout: 5000 })
            .catch(() => undefined);
        await page.waitForTimeout(view.settle ?? 1500);
        const file = `${view.name.replaceAll(' ', '-')}.${language}.${screenName}.png`;
        await page.screenshot({ path: path.join(out, file) });
        index.push(`- **${view.name}** (${language}, ${screenName}): ${view.check} — [${file}](${file})`);
        console.log(file);
      }
      await context.close();
    }
  }
  await writeFile(path.join(out, 'index.md'), `${index.join('\n')}\n`);
  console.log(`review list: ${path.join(out, 'index.md')}`);
} finally {
  await browser.close();
  await portal.stop();
}
