import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_SCREENS, screenKeyOf } from '../src/app/screens';
import { type Browser, launchBrowser, newPage } from './browser';
import { walkPhone } from './phone-walk';
import { E2E_ADMIN, type RunningServer, setAdminLanguage, startServer } from './server';
import { type Lang, text, translations } from './ui-text';
import { adminToken } from './web-helpers';

/**
 * Every word in the reader's language (issue 32): the demo's server (simulator on), every screen of the
 * navigation and the profile, the alert history, the users and a page that does not exist, read in English
 * and in Chinese. In English no visible text may hold Chinese characters, in Chinese no visible text may hold
 * a run of two English words, and neither may show a raw translation key (`realtimealert.compass.NNE`),
 * beyond the allow-lists below, each with its reason.
 */

/** The spec's 404 line, shown in Chinese whatever the interface language. */
const NOT_FOUND_ZH = '您访问的页面不存在，请检查网址是否正确';

const ROUTES = [
  ...NAV_SCREENS.map((s) => s.path),
  '/profile',
  '/users',
  '/alert_history',
  '/no/such/page',
].filter((p, i, all) => all.indexOf(p) === i);

interface Allowed {
  pattern: RegExp;
  why: string;
}

/**
 * Text either language may show as it is: none. The demo's sites and detection stations, once named in both
 * languages at once, have a name in each (`name`, `name_en`, migration 044), and every screen shows the
 * reader's.
 */
const ALLOWED_BOTH: Allowed[] = [];

/** Chinese an English reader may see. */
const ALLOWED_ZH: Allowed[] = [
  { pattern: new RegExp(NOT_FOUND_ZH, 'g'), why: "the spec's 404 line, in Chinese whatever the language" },
  { pattern: /简体中文|中文/g, why: 'the language switch names each language in its own words' },
];

/** English a Chinese reader may see: names, codes and units, not sentences. */
const ALLOWED_EN: Allowed[] = [
  { pattern: /\bThunderwatch\b/g, why: "the product's name" },
  { pattern: /\b[A-Z][a-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b/g, why: 'IANA time zone names (Asia/Shanghai)' },
  { pattern: /\b(?:km\/h|km|kA|kV\/m|hPa|m\/s|dBZ|mm|kt|UTC|GMT)\b/g, why: 'units' },
  {
    pattern: /\b(?:CAP|CSV|PNG|PDF|Excel|XLSX|JSON|GeoJSON|WKT|HTTP|API|CG|IC|SMS|WeChat)\b/g,
    why: 'formats and codes',
  },
  { pattern: /\bSIM-[A-Z0-9-]+\b|\bsim-[a-z0-9-]+\b/g, why: "the demo's station and device ids" },
  { pattern: /\b[A-Z]{4}\b/g, why: 'ICAO codes' },
  { pattern: /\badmin\b/g, why: "the e2e administrator's user name" },
  { pattern: /Mozilla\/5\.0 .*/g, why: "the access log's user agents, as the browsers sent them" },
];

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff60]/;
/** Two or more English words (letters) in a row. */
const ENGLISH_RUN = /[A-Za-z]{2,}(?:[ \u00a0]+[A-Za-z]+)+/;
const TOP_KEYS = new Set(Object.keys(translations.en));
/** Dotted lower-case names: a raw key when it starts at a top-level key, or has a snake_case part. */
const DOTTED = /\b[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_-]+)+\b/g;

/** A code as the server sends it (`sim_dbz`, `no_cell_step`): words joined by underscores. */
const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
/**
 * Screens whose content is codes: the database view names tables and columns, the access log shows the
 * addresses asked for and the browsers' user agents, as they were.
 */
const CODE_SCREENS = new Set(['/admin/database', '/access_log']);

function rawKeys(s: string): string[] {
  return [...s.matchAll(DOTTED)]
    .map((m) => m[0])
    .filter((k) => TOP_KEYS.has(k.split('.')[0] as string) || /\.[a-z0-9]+_[a-z0-9_]+/.test(k));
}

function without(s: string, allowed: readonly Allowed[]): string {
  return allowed.reduce((out, a) => out.replace(a.pattern, ' · '), s);
}

/** What a reader of `lang` should not see in `s`, if anything. */
export function problemOf(lang: Lang, s: string, route: string): string | null {
  const keys = rawKeys(s);
  if (keys.length > 0) return `raw key ${keys.join(', ')}`;
  const codes = CODE_SCREENS.has(route) ? [] : [...s.matchAll(SNAKE)].map((m) => m[0]);
  if (codes.length > 0) return `raw code ${codes.join(', ')}`;
  const rest = without(s, ALLOWED_BOTH);
  if (lang === 'en') return CJK.test(without(rest, ALLOWED_ZH)) ? 'Chinese' : null;
  const english = ENGLISH_RUN.exec(without(rest, ALLOWED_EN));
  return english ? `English "${english[0]}"` : null;
}

interface Seen {
  text: string;
  where: string;
}

/** Every text a reader meets: rendered text nodes (visually hidden ones too: they are read aloud), the options of visible selects, the tab's title. */
function readPage(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [{ text: document.title, where: 'title' }];
    const whereOf = (el: Element) => {
      const named = el.closest('[class], [id]') ?? el;
      return `${named.tagName.toLowerCase()}${named.id ? `#${named.id}` : ''}.${String(named.className).split(' ')[0]}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('script, style, noscript, select')) continue;
      if (!el.checkVisibility()) continue;
      out.push({ text, where: whereOf(el) });
    }
    for (const select of document.querySelectorAll('select')) {
      if (!select.checkVisibility()) continue;
      for (const option of select.options) out.push({ text: option.text.trim(), where: whereOf(select) });
    }
    return out;
  });
}

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ SIMULATOR: 'on' })]);
  // The walk reads the demo's radar: wait for its present frame, stored after the backfill's strokes.
  const token = await adminToken(server.baseUrl);
  const radarAsked = { headers: { authorization: `Bearer ${token}` } };
  for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 500))) {
    if ((await fetch(`${server.baseUrl}/api/radar?product=sim_dbz`, radarAsked)).ok) break;
    if (Date.now() > until)
      throw new Error("the demo's radar had no frame a minute after the server started");
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Requests in flight (the socket aside) and when the last one started or ended, to wait for a screen's data. */
function trackRequests(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const counted = (url: string) => !url.includes('/socket.io/');
  page.on('request', (r) => {
    if (!counted(r.url())) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: unknown) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight.size === 0 && Date.now() - lastChange >= 400;
}

describe.each([
  { lang: 'en' as const, locale: 'en-US' },
  { lang: 'zh-Hans' as const, locale: 'zh-CN' },
])('every screen in $lang', ({ lang, locale }) => {
  it('shows no text of the other language and no raw key', async () => {
    await setAdminLanguage(server.baseUrl, lang);
    const { page, errors } = await newPage(browser, locale);
    const quiet = trackRequests(page);
    // Where an error in the page came from (`errors` has the message only).
    page.on('pageerror', (e) => console.log(`[languages] ${lang} ${page.url()}: ${e.stack}`));
    const t = (key: string) => text(lang, key);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel(t('login.username')).fill(E2E_ADMIN.username);
    await page.getByLabel(t('login.password')).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const found: string[] = [];
    for (const route of ROUTES) {
      // Within the app, as a link does: the page is not loaded again.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await page.waitForURL((url) => url.pathname === route);
      // The tab is named after the screen once it is shown, then its data arrives.
      const screen = t(`screens.${screenKeyOf(route)}`);
      await expect
        .poll(() => page.title())
        .toMatch(new RegExp(`^${screen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
      await page.locator('main h1').first().waitFor();
      await expect.poll(quiet, { timeout: 20_000 }).toBe(true);
      if (route === '/') {
        // The demo's radar: its product and legend.
        await page.locator('[data-layer="radar"] input[type="checkbox"]').first().check();
        await expect
          .poll(() => page.locator('.radar-frame').innerText(), { timeout: 20_000 })
          .toContain(' · ');
      }
      if (route === '/wave') {
        // The demo's six buoys by name.
        await expect
          .poll(() => page.locator('.wave-controls select option').count(), { timeout: 20_000 })
          .toBe(6);
      }
      for (const seen of await readPage(page)) {
        const problem = problemOf(lang, seen.text, route);
        if (problem) found.push(`${route} ${seen.where}: ${problem} in "${seen.text.slice(0, 120)}"`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe('a phone', () => {
  it('shows every screen and every dialog within 390 px, in Chinese', async () => {
    await setAdminLanguage(server.baseUrl, 'zh-Hans');
    const { page, errors } = await newPage(browser, 'zh-CN', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const t = (key: string) => text('zh-Hans', key);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel(t('login.username')).fill(E2E_ADMIN.username);
    await page.getByLabel(t('login.password')).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await walkPhone(page, server.baseUrl);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
