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
