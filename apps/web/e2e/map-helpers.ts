import type { Page } from 'playwright-core';

/** The MapLibre map a `.map-canvas` element carries (MapView exposes it for tests). */
export type MapWindow = { maplibreMap: import('maplibre-gl').Map };

/** Clicks the map at a longitude/latitude (projected by the page's own map). */
export async function clickMapAt(page: Page, lngLat: [number, number]): Promise<void> {
  const at = await page.evaluate(
    (p) => (document.querySelector('.map-canvas') as unknown as MapWindow).maplibreMap.project(p),
    lngLat,
  );
  const box = await page.locator('.map-canvas').boundingBox();
  if (!box) throw new Error('no map on the page');
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

/** Resolves once the page's map has drawn everything it has loaded and is not moving (before a screenshot). */
export async function mapIdle(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const map = (document.querySelector('.map-canvas') as unknown as MapWindow | null)?.maplibreMap;
      return !!map && map.loaded() && map.areTilesLoaded() && !map.isMoving();
    },
    null,
    { timeout },
  );
}

/** Resolves after the page has laid out and painted twice more (a resize or a render has settled). */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
