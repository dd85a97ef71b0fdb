import { readFile } from 'node:fs/promises';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, newPage } from './browser';
import { E2E_ADMIN } from './global-setup';
import { sharedServerUrl } from './shared-server';
import { adminToken, api, signIn } from './web-helpers';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const list = async <T>(path: string) =>
  (await api<{ items: T[] }>(baseUrl, await adminToken(baseUrl), 'GET', `${path}?limit=1000`)).items;

/**
 * The map's box once the map shows: MapLibre has loaded its style (layer components, and so the tools, mount
 * then) and the screen's data. Waiting for the canvas alone let a loaded machine's clicks fall on a map whose
 * point tool was not there yet (20 clicks, none placed a point).
 */
async function mapBox(page: Page) {
  await page.locator('.map-view:not([data-opening])').waitFor({ timeout: 30_000 });
  const box = await page.locator('.map-canvas').boundingBox();
  if (!box) throw new Error('no map on the page');
  return box;
}

async function openScreen(page: Page, path: string, heading: string) {
  await signIn(
    page,
    baseUrl,
    E2E_ADMIN.username,
    E2E_ADMIN.password,
    `/login?next=${encodeURIComponent(path)}`,
  );
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const square = (lon: number, lat: number, d = 0.05) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});
const featureCollection = (...features: { name: string; geometry: unknown }[]) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: features.map((f) => ({
        type: 'Feature',
        properties: { name: f.name },
        geometry: f.geometry,
      })),
    }),
  );

describe('location and geometry screens', () => {
  it('creates a point location by clicking the map, edits its rings and lists it', async () => {
    const { page, errors } = await newPage(browser);
    await openScreen(page, '/location', 'Locations');
    await page.getByRole('button', { name: 'New location' }).click();
    // Its own name, and the English one an English reader is shown everywhere (the list, the form).
    await page.getByLabel('Name', { exact: true }).fill('E2E 机场');
    await page.getByLabel('English name').fill('E2E airport');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Shanghai');
    // The default rings are filled in: 10 km red, 20 km orange, 30 km yellow.
    expect(await page.getByLabel('Radius (km), ring 3').inputValue()).toBe('30');

    // Sending without a point names the problem instead of calling the server.
    await page.getByRole('button', { name: 'Create location' }).click();
    await page.getByText('No point yet: click the map to place the location.').waitFor();

    const box = await mapBox(page);
    const placed = page.getByText(/^At lat 2\d\.\d{4}°, lon 11\d\.\d{4}°/);
    for (let attempt = 0; attempt < 20 && !(await placed.isVisible()); attempt += 1) {
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await placed.waitFor({ timeout: 300 }).catch(() => {});
    }
    await placed.waitFor();
    // The click fills the point's text field in decimal degrees, latitude first.
    expect(await page.getByLabel('Latitude, longitude').inputValue()).toMatch(/^2\d\.\d+, 11\d\.\d+$/);
    await page.getByRole('button', { name: 'Create location' }).click();

    const row = page.getByRole('row', { name: /E2E airport/ });
    await row.waitFor();
    await row.getByText('Point', { exact: true }).waitFor();
    await row.getByText('Clear', { exact: true }).waitFor();
    const created = (await list<LocationDto>('/api/locations/')).find((l) => l.name_en === 'E2E airport');
    expect(created?.name).toBe('E2E 机场');
    expect(created?.shape.type).toBe('Point');
    expect(created?.time_zone).toBe('Asia/Shanghai');
    expect(created?.rings.map((r) => [r.radius_km, r.level])).toEqual([
      [10, 3],
      [20, 2],
      [30, 1],
    ]);

    await page.getByRole('button', { name: 'Edit E2E airport' }).click();
    await page.getByLabel('Radius (km), ring 1').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Ring 1, Radius (km): enter a number').waitFor();
    await page.getByLabel('Radius (km), ring 1').fill('5');
    await page.getByLabel('All-clear (min), ring 1').fill('15');
    await page.getByRole('button', { name: 'Add ring' }).click();
    expect(await page.getByLabel('Radius (km), ring 4').inputValue()).toBe('40');
    await page.getByLabel('IC counts, ring 4').uncheck();
    // Early warning from lightning jumps: off until switched on, then a range and a level.
    expect(created?.predict).toEqual({ enabled: false, range_km: 40, level: 1 });
    await page.getByLabel('Raise predicted warnings from lightning jumps and cell nowcasts').check();
    await page.getByLabel('Range (km)').fill('250');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be between 1 and 200').waitFor();
    await page.getByLabel('Range (km)').fill('25');
    await page.getByLabel('Predicted level').selectOption({ label: 'Orange' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'New location' }).waitFor();

    const edited = (await list<LocationDto>('/api/locations/')).find((l) => l.id === created?.id);
    expect(edited?.rings.map((r) => [r.radius_km, r.level, r.all_clear_min, r.include_ic])).toEqual([
      [5, 3, 15, true],
      [20, 2, 30, true],
      [30, 1, 30, true],
      [40, 1, 30, false],
    ]);
    expect(edited?.predict).toEqual({ enabled: true, range_km: 25, level: 2 });

    // Switched off from the list: the server keeps everything else.
    await page.getByLabel('Warnings on for E2E airport').uncheck();
    await expect
      .poll(
        async () => (await list<LocationDto>('/api/locations/')).find((l) => l.id === created?.id)?.enabled,
      )
      .toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('types a point in degrees-minutes-seconds and pastes a polygon as WKT, and the server stores them', async () => {
    const { page, errors } = await newPage(browser);
    await openScreen(page, '/location', 'Locations');
    await page.getByRole('button', { name: 'New location' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E typed point');
    const point = page.getByLabel('Latitude, longitude');
    // Longitude typed as latitude is named once the field is left, and nothing is sent.
    await point.fill('95, 113');
    await point.press('Tab');
    await page.getByText('Latitude 95° is outside −90…90.').waitFor();
    await page.getByRole('button', { name: 'Create location' }).click();
    await page.getByText('Latitude 95° is outside −90…90.').waitFor();
    await point.fill(`N23°07'45" E113°15'52"`);
    await point.press('Enter');
    await page
      .getByText('At lat 23.1292°, lon 113.2644° (23°07′45.0″N 113°15′52.0″E)', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Create location' }).click();
    await page.getByRole('row', { name: /E2E typed point/ }).waitFor();
    const typed = (await list<LocationDto>('/api/locations/')).find((l) => l.name === 'E2E typed point');
    expect(typed?.shape).toEqual({ type: 'Point', coordinates: [113.264444, 23.129167] });

    // Editing shows the stored point as text; Chinese notation moves it.
    await page.getByRole('button', { name: 'Edit E2E typed point' }).click();
    expect(await point.inputValue()).toBe('23.129167, 113.264444');
    await point.fill('北纬22°32′ 东经114°03′');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'New location' }).waitFor();
    const moved = (await list<LocationDto>('/api/locations/')).find((l) => l.id === typed?.id);
    expect(moved?.shape).toEqual({ type: 'Point', coordinates: [114.05, 22.533333] });

    await page.getByRole('button', { name: 'New location' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E pasted polygon');
    await page.getByRole('radio', { name: 'Polygon' }).check();
    await page.getByText('Paste GeoJSON or WKT').click();
    const paste = page.getByLabel('GeoJSON or WKT polygon');
    await paste.fill('POLYGON((113.40 22.90, 113.45 22.95, 113.45 22.90, 113.40 22.95, 113.40 22.90))');
    await page.getByText('Edges of the outline cross or touch (after points 1 and 3).').waitFor();
    await paste.fill('POLYGON((113.40 22.90, 113.45 22.90 ');
    await page.getByText('WKT: the text ends where “)” was expected.').waitFor();
    // A coordinate finer than 1e-9° is named (PostgreSQL's distance maths refused it with 500).
    await paste.fill(
      '{"type":"Polygon","coordinates":[[[113.4,22.9],[113.45,1e-200],[113.45,22.95],[113.4,22.9]]]}',
    );
    await page
      .getByText(/1e-200 is not 0 but finer than 0\.000000001°; write 0 or the real coordinate\./)
      .waitFor();
    // An open ring is closed.
    await paste.fill('POLYGON ((113.40 22.90, 113.45 22.90, 113.45 22.95, 113.40 22.95))');
    await page.getByText('Read a polygon of 4 vertices from WKT; it is on the map.').waitFor();
    await expect.poll(() => page.getByTestId('vertex-count').innerText()).toBe('Vertices: 4');
    await page.getByRole('button', { name: 'Create location' }).click();
    await page.getByRole('row', { name: /E2E pasted polygon/ }).waitFor();
    const pasted = (await list<LocationDto>('/api/locations/')).find((l) => l.name === 'E2E pasted polygon');
    expect(pasted?.shape).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [113.4, 22.9],
          [113.45, 22.9],
          [113.45, 22.95],
          [113.4, 22.95],
          [113.4, 22.9],
        ],
      ],
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pastes a zone as a GeoJSON Feature', async () => {
    const { page, errors } = await newPage(browser);
    await openScreen(page, '/geometry', 'Zones');
    await page.getByRole('button', { name: 'New zone' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E pasted zone');
    await page.getByText('Paste GeoJSON or WKT').click();
    const geometry = square(113.9, 22.3);
    await page.getByLabel('GeoJSON or WKT polygon').fill(
      JSON.stringify({
        type: 'Feature',
        properties: {},
        geometry: { type: 'MultiPolygon', coordinates: [geometry.coordinates] },
      }),
    );
    await page.getByText('Read a polygon of 4 vertices from GeoJSON; it is on the map.').waitFor();
    await page.getByRole('button', { name: 'Create zone' }).click();
    await page.getByRole('row', { name: /E2E pasted zone/ }).waitFor();
    const zone = (await list<ZoneDto>('/api/zones/')).find((z) => z.name === 'E2E pasted zone');
    expect(zone?.geometry).toEqual(geometry);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('draws a zone and drags a vertex, renames it, imports GeoJSON with problems named per feature, exports', async () => {
    const { page, errors } = await newPage(browser);
    await openScreen(page, '/geometry', 'Zones');
    await page.getByRole('button', { name: 'New zone' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E drawn');
    const box = await mapBox(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const count = page.getByTestId('vertex-count');
    await page.mouse.click(cx - 80, cy + 60);
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('Vertices: 1');
    await page.mouse.click(cx + 80, cy + 60);
    await expect.poll(() => count.innerText()).toBe('Vertices: 2');
    // A double-click places the last vertex and closes the polygon.
    await page.mouse.dblclick(cx, cy - 80);
    await page.getByText(/^Drag a vertex to move it/).waitFor();
    expect(await count.innerText()).toBe('Vertices: 3');
    // Drag the top vertex 60 px further up before saving.
    await page.mouse.move(cx, cy - 80);
    await page.mouse.down();
    await page.mouse.move(cx, cy - 110, { steps: 4 });
    await page.mouse.move(cx, cy - 140, { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Create zone' }).click();
    await page.getByRole('row', { name: /E2E drawn/ }).waitFor();
    const drawn = (await list<ZoneDto>('/api/zones/')).find((z) => z.name === 'E2E drawn');
    const [left, right, top] = (drawn?.geometry.coordinates[0] ?? []) as [number, number][];
    expect(drawn?.geometry.coordinates[0]).toHaveLength(4);
    // 200 px up against 160 px across (140 px up had it not moved), in degrees at this latitude.
    const tall = ((top?.[1] ?? 0) - (left?.[1] ?? 0)) / ((right?.[0] ?? 0) - (left?.[0] ?? 1));
    expect(tall / Math.cos(((left?.[1] ?? 0) * Math.PI) / 180)).toBeCloseTo(200 / 160, 1);

    // Renaming keeps the polygon.
    await page.getByRole('button', { name: 'Edit E2E drawn' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E drawn and renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /E2E drawn and renamed/ }).waitFor();
    const renamed = (await list<ZoneDto>('/api/zones/')).find((z) => z.id === drawn?.id);
    expect(renamed?.geometry).toEqual(drawn?.geometry);

    // Import: two polygons from a file.
    await page.getByLabel('GeoJSON file').setInputFiles({
      name: 'zones.geojson',
      mimeType: 'application/geo+json',
      buffer: featureCollection(
        { name: 'E2E harbour', geometry: square(113.5, 22.5) },
        { name: 'E2E plant', geometry: square(113.7, 22.7) },
      ),
    });
    await page.getByRole('button', { name: 'Import 2 features' }).click();
    await page.getByText('Imported zones: 2.').waitFor();
    await page.getByRole('row', { name: /E2E harbour/ }).waitFor();
    await page.getByRole('row', { name: /E2E plant/ }).waitFor();

    // A point where a polygon belongs is named before anything is sent.
    await page.getByLabel('GeoJSON file').setInputFiles({
      name: 'bad.geojson',
      mimeType: 'application/geo+json',
      buffer: featureCollection(
        { name: 'Fine', geometry: square(113, 22) },
        { name: 'Tower', geometry: { type: 'Point', coordinates: [113, 22] } },
      ),
    });
    await page.getByText('Feature 2 (Tower): the geometry is Point, not a Polygon or MultiPolygon').waitFor();

    // A self-crossing polygon is the server's to find; its answer names the feature too.
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [113, 22],
          [113.1, 22.1],
          [113.1, 22],
          [113, 22.1],
          [113, 22],
        ],
      ],
    };
    await page.getByLabel('GeoJSON file').setInputFiles({
      name: 'crossing.geojson',
      mimeType: 'application/geo+json',
      buffer: featureCollection(
        { name: 'Fine', geometry: square(113, 22) },
        { name: 'Bow tie', geometry: bowTie },
      ),
    });
    await page.getByRole('button', { name: 'Import 2 features' }).click();
    await page.getByText('The zone is not valid.').waitFor();
    await page.getByText(/^Feature 2 \(Bow tie\): /).waitFor();
    expect((await list<ZoneDto>('/api/zones/')).filter((z) => z.name === 'Fine')).toEqual([]);

    // Export: one FeatureCollection with every zone.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export GeoJSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('zones.geojson');
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      type: string;
      features: { properties: { name: string } }[];
    };
    expect(exported.type).toBe('FeatureCollection');
    expect(exported.features.map((f) => f.properties.name)).toEqual(
      expect.arrayContaining(['E2E drawn and renamed', 'E2E harbour', 'E2E plant']),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('makes a location from a zone, which the zone then cannot be deleted without', async () => {
    const { page, errors } = await newPage(browser);
    await openScreen(page, '/location', 'Locations');
    await page.getByRole('button', { name: 'New location' }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E harbour site');
    await page.getByRole('radio', { name: 'Zone' }).check();
    await page.getByRole('combobox', { name: 'Zone', exact: true }).selectOption({ label: 'E2E harbour' });
    await page.getByRole('button', { name: 'Create location' }).click();
    const row = page.getByRole('row', { name: /E2E harbour site/ });
    await row.waitFor();
    await row.getByText('Zone', { exact: true }).waitFor();
    const zone = (await list<ZoneDto>('/api/zones/')).find((z) => z.name === 'E2E harbour');
    const site = (await list<LocationDto>('/api/locations/')).find((l) => l.name === 'E2E harbour site');
    expect(site?.zone_id).toBe(zone?.id);

    await page.getByRole('link', { name: 'Zones' }).click();
    await page.getByRole('heading', { name: 'Zones', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete E2E harbour' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('This zone is used by a location; change or delete that location first.').waitFor();
    await page
      .getByRole('row', { name: /E2E harbour/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
