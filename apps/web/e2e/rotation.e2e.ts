import type { StrokeInput } from '@thunderwatch/shared/strokes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, createUser, signIn } from './web-helpers';

/**
 * A wall screen rotating through saved scenes (`/realtimealert?rotation=<id>`): each step shows its scene's
 * layers, and a scene with a past window shows that window's strokes instead of the live ones.
 */
const baseUrl = sharedServerUrl();
const USER = { username: 'e2e-rotation', password: 'Rotation-e2e-1', role: 'operator' };
/** Far from the other specs' strokes (Sichuan): live strokes at one spot, the past window's at another. */
const CENTER: [number, number] = [104.65, 28.55];
const LIVE_SPOT = { lon: 104.5, lat: 28.5 };
const PAST_SPOT = { lon: 104.8, lat: 28.6 };
const HOUR = 3_600_000;

let browser: Browser;
let access: string;
let rotationId: number;
let customId: number;

async function ingest(feedKey: string, strokes: StrokeInput[]) {
  const response = await fetch(`${baseUrl}/api/ingest/strokes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': feedKey },
    body: JSON.stringify(strokes),
  });
  expect(response.status).toBe(200);
}

const around = (spot: { lon: number; lat: number }, time: number, n: number): StrokeInput[] =>
  Array.from({ length: n }, (_, i) => ({
    time: new Date(time + i * 1000).toISOString(),
    lat: spot.lat + i * 0.002,
    lon: spot.lon + i * 0.002,
    peak_ka: -20 - i,
    type: 'CG' as const,
    sensors: 5,
  }));

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, USER);
  const admin = await adminToken(baseUrl);
  const feedKey = (
    await api<{ key: string }>(baseUrl, admin, 'POST', '/api/feeds/', { name: 'e2e-rotation' })
  ).key;
  const now = Date.now();
  await ingest(feedKey, around(LIVE_SPOT, now - 2 * 60_000, 4));
  await ingest(feedKey, around(PAST_SPOT, now - 5 * HOUR, 3));
  // A site with one small ring, away from the strokes: the layer draws it, no warning is raised.
  await api(baseUrl, admin, 'POST', '/api/locations/', {
    name: 'E2E Rotation site',
    shape: { type: 'Point', coordinates: [104.65, 28.75] },
    rings: [{ radius_km: 2, level: 3, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true }],
  });
  customId = (
    await api<{ id: number }>(baseUrl, admin, 'POST', '/api/layers/', {
      name: 'E2E rotation area',
      kind: 'geojson',
      color: '#22c55e',
      geojson: {
        type: 'Polygon',
        coordinates: [
          [
            [104.7, 28.45],
            [104.9, 28.45],
            [104.9, 28.65],
            [104.7, 28.65],
            [104.7, 28.45],
          ],
        ],
      },
    })
  ).id;

  access = (
    await api<{ access: string }>(baseUrl, null, 'POST', '/api/login', {
      username: USER.username,
      password: USER.password,
    })
  ).access;
  const live = await api<{ id: number }>(baseUrl, access, 'POST', '/api/scene', {
    name: 'Wall live',
    center: CENTER,
    zoom: 8,
    layers: [
      { id: 'strokes', opacity: 1 },
      { id: 'locations', opacity: 1 },
    ],
  });
  const past = await api<{ id: number }>(baseUrl, access, 'POST', '/api/scene', {
    name: 'Wall past',
    center: CENTER,
    zoom: 8.5,
    layers: [
      { id: 'strokes', opacity: 1 },
      { id: 'cells', opacity: 1 },
      { id: `custom_${customId}`, opacity: 0.4 },
    ],
    time: {
      mode: 'window',
      from: new Date(now - 6 * HOUR).toISOString(),
      to: new Date(now - 4 * HOUR).toISOString(),
    },
  });
  rotationId = (
    await api<{ id: number }>(baseUrl, access, 'POST', '/api/scene', {
      name: 'Wall rotation',
      center: CENTER,
      zoom: 8,
      layers: [],
      rotation: [
        { scene_id: live.id, seconds: 10 },
        { scene_id: past.id, seconds: 10 },
      ],
    })
  ).id;
});
afterAll(async () => {
  await browser?.close();
});

type MapCanvas = { maplibreMap: import('maplibre-gl').Map };

/** What the wall map draws now: its layers, its zoom, and the strokes its source holds at each spot. */
function mapState(page: Page, spots: { live: typeof LIVE_SPOT; past: typeof PAST_SPOT }) {
  return page.evaluate((s) => {
    const map = (document.querySelector('.rotation-map .map-canvas') as unknown as MapCanvas | null)
      ?.maplibreMap;
    if (!map) return null;
    const near = (spot: { lon: number; lat: number }) =>
      map.getSource('strokes')
        ? map.querySourceFeatures('strokes').filter((f) => {
            const [lon, lat] = (f.geometry as unknown as { coordinates: [number, number] }).coordinates;
            return Math.abs(lon - spot.lon) < 0.02 && Math.abs(lat - spot.lat) < 0.02;
          }).length
        : 0;
    const layers = map.getStyle().layers.map((l) => l.id);
    const fill = layers.find((id) => id.endsWith('-fill') && id.startsWith('custom-'));
    return {
      layers,
      zoom: map.getZoom(),
      live: near(s.live),
      past: near(s.past),
      customOpacity: fill ? map.getPaintProperty(fill, 'fill-opacity') : null,
    };
  }, spots);
}

describe('wall screens: rotating through scenes with their layers', () => {
  it('shows the first step’s layers and live strokes, then the next step’s layers and past window', {
    timeout: 150_000,
  }, async () => {
    const { page, errors } = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      USER.username,
      USER.password,
      `/login?next=%2Frealtimealert%3Frotation%3D${rotationId}`,
    );
    const caption = page.locator('.rotation-caption');
    await expect.poll(() => caption.textContent(), { timeout: 20_000 }).toBe('Rotating scenes: Wall live');
    const state = () => mapState(page, { live: LIVE_SPOT, past: PAST_SPOT });

    // Step 1: live strokes (coloured by age) and the locations with their rings; nothing of step 2. A map
    // opened in software WebGL may draw them after the step's 10 s: then they are looked for in the next
    // round's live step (the state is read only while the caption says live).
    const live = async () => (await caption.getAttribute('data-time')) !== 'window';
    const liveStep = async () => {
      const before = await live();
      const s = await state();
      return before && (await live()) ? s : null;
    };
    // The state that passed is the one checked: read again, it could fall in the window step that followed.
    let first = null as Awaited<ReturnType<typeof state>>;
    await expect
      .poll(
        async () => {
          const s = await liveStep();
          if (s && s.live >= 4) first = s;
          return s?.live ?? 0;
        },
        { timeout: 45_000 },
      )
      .toBeGreaterThanOrEqual(4);
    expect(first).not.toBeNull();
    expect(first?.layers).toEqual(expect.arrayContaining(['strokes-cg-0', 'location-labels']));
    expect(first?.layers.some((id) => id.startsWith('custom-'))).toBe(false);
    expect(first?.layers.some((id) => id.startsWith('cell'))).toBe(false);
    expect(first?.layers).not.toContain('density-raster');
    // The live feed keeps the live hour only: the window's strokes are not on the map.
    expect(first?.past).toBe(0);
    expect(first?.zoom).toBeCloseTo(8, 1);

    // Step 2 after its 10 s: the window's strokes instead of the live ones, the custom layer at its opacity,
    // the cells; the locations gone.
    await expect.poll(() => caption.getAttribute('data-time'), { timeout: 20_000 }).toBe('window');
    expect(await caption.textContent()).toMatch(/^Rotating scenes: Wall past — .+ to .+$/);
    await expect.poll(async () => (await state())?.past ?? 0, { timeout: 15_000 }).toBe(3);
    const second = await state();
    expect(second?.live).toBe(0);
    expect(second?.layers).toEqual(
      expect.arrayContaining(['strokes-cg-0', `custom-${customId}-fill`, 'cell-hull-fill']),
    );
    expect(second?.layers).not.toContain('location-labels');
    expect(second?.customOpacity).toBeCloseTo(0.25 * 0.4, 3);
    expect(second?.zoom).toBeCloseTo(8.5, 1);

    // And round again: back to the live step.
    await expect.poll(() => caption.textContent(), { timeout: 20_000 }).toBe('Rotating scenes: Wall live');
    await expect.poll(async () => (await state())?.live ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    // Nothing of step 2 is left behind: the same layers as the first time round.
    await expect
      .poll(async () => [...((await state())?.layers ?? [])].sort(), { timeout: 10_000 })
      .toEqual([...(first?.layers ?? [])].sort());
    expect(errors).toEqual([]);
  });

  it('steps the gale screen’s map through the same scenes, keeping its own storms', async () => {
    const { page, errors } = await newPage(browser, 'en-US', { viewport: { width: 1920, height: 1080 } });
    await signIn(
      page,
      baseUrl,
      USER.username,
      USER.password,
      `/login?next=%2Fdecision%3Frotation%3D${rotationId}`,
    );
    await expect
      .poll(() => page.locator('.rotation-caption').textContent(), { timeout: 20_000 })
      .toBe('Rotating scenes: Wall live');
    const layers = () =>
      page.evaluate(() =>
        (document.querySelector('.decision-map .map-canvas') as unknown as MapCanvas | null)?.maplibreMap
          .getStyle()
          .layers.map((l) => l.id),
      );
    await expect.poll(async () => (await layers()) ?? [], { timeout: 15_000 }).toContain('location-labels');
    expect(await layers()).toEqual(expect.arrayContaining(['strokes-cg-0', 'typhoon-track']));
    expect(errors).toEqual([]);
  });
});
