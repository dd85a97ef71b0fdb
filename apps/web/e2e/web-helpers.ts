import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { StrokeInput } from '@thunderwatch/shared/strokes';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_ADMIN } from './global-setup';

/** Calls the API directly (setup and inspection); the screens under test go through the browser. */
export async function api<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function adminToken(baseUrl: string): Promise<string> {
  const answer = await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', E2E_ADMIN);
  return answer.access;
}

/**
 * Creates a user in the admin's group through the API, with English as their profile language unless told
 * otherwise (the profile's language wins at sign-in, and most tests read the English interface).
 */
export async function createUser(
  baseUrl: string,
  user: {
    username: string;
    password: string;
    role: string;
    name?: string;
    phone?: string;
    language?: 'en' | 'zh-Hans';
  },
): Promise<{ id: number }> {
  const { language = 'en', ...fields } = user;
  const created = await api<{ id: number }>(
    baseUrl,
    await adminToken(baseUrl),
    'POST',
    '/api/group_user_list/',
    fields,
  );
  const { access } = await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
    username: user.username,
    password: user.password,
  });
  await api(baseUrl, access, 'POST', '/api/change_profile_by_user', { language });
  return created;
}

/** The newest verify code sent to `phone`, read from the development SMS outbox. */
export async function latestCode(baseUrl: string, phone: string): Promise<string> {
  const outbox = await api<{ items: { phone: string; message: string }[] }>(
    baseUrl,
    await adminToken(baseUrl),
    'GET',
    '/api/admin/sms_outbox?limit=50&offset=0',
  );
  const message = outbox.items.find((item) => item.phone === phone)?.message ?? '';
  const code = /\d{6}/.exec(message)?.[0];
  if (!code) throw new Error(`no code for ${phone} in the SMS outbox`);
  return code;
}

/** Signs in through the English login form. */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  path = '/login',
) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Username or phone number').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** An unsigned JWT that expired a minute ago: the client must refresh before using it. */
export function expiredJwt(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
}

/**
 * What sticks out past the screen's right edge, as `tag.class` names: visible elements wider than their place,
 * counting those inside a sideways-scrolling box too (a form cut off inside its scroller is still cut off for
 * the reader), except where scrolling is the design: maps and canvases, wide data tables marked
 * `data-scroll-x`, and elements under `allowed`.
 */
export async function overflowing(page: Page, allowed: readonly string[] = []): Promise<string[]> {
  return page.evaluate((skip) => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'main *, header *, dialog *, [role="dialog"] *',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
      // Maps pan; a wide data table may scroll sideways by design (`data-scroll-x`), as a spreadsheet does.
      if (el.closest('.maplibregl-map, canvas, .visually-hidden, [data-scroll-x]')) continue;
      // Laid out but not shown: inside a closed <details> (its content is content-visibility: hidden).
      if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      if (skip.some((s) => el.closest(s))) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}`);
    }
    return [...new Set(out)].slice(0, 10);
  }, allowed);
}

/** Degrees of latitude per km, near enough for placing test strokes. */
export const KM_LAT = 1 / 110.8;

/** Posts strokes stamped now through a feed's key (the ingest as a network sends them). */
export async function ingestNow(baseUrl: string, feedKey: string, strokes: Omit<StrokeInput, 'time'>[]) {
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify(strokes.map((s) => ({ time: new Date().toISOString(), ...s }))),
  });
  if (response.status !== 200) throw new Error(`ingest: ${response.status} ${await response.text()}`);
}

/** A location's live warning level (0 when clear). */
export async function levelOf(baseUrl: string, token: string, locationId: number): Promise<number> {
  const warnings = await api<{ items: WarningItem[] }>(baseUrl, token, 'GET', '/api/warning');
  return warnings.items.find((w) => w.location_id === locationId)?.level ?? 0;
}

/**
 * A storm warned in time at a site with the default rings (10/20/30 km): a stroke 15 km north raises orange;
 * once orange is on, one falls 2 km north (red). Waits on each level, never on the clock.
 */
export async function stormWarnedInTime(
  d: { baseUrl: string; token: string; feedKey: string },
  site: { id: number; lat: number; lon: number },
) {
  const level = () => levelOf(d.baseUrl, d.token, site.id);
  await ingestNow(d.baseUrl, d.feedKey, [
    { lat: site.lat + 15 * KM_LAT, lon: site.lon, peak_ka: -20, type: 'CG', sensors: 6 },
  ]);
  await expect.poll(level, { timeout: 30_000 }).toBe(2);
  await ingestNow(d.baseUrl, d.feedKey, [
    { lat: site.lat + 2 * KM_LAT, lon: site.lon, peak_ka: -30, type: 'CG', sensors: 6 },
  ]);
  await expect.poll(level, { timeout: 30_000 }).toBe(3);
}
