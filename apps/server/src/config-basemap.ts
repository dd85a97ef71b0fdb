import type { Basemap } from '@thunderwatch/shared/schemas/map';

/**
 * `BASEMAP`: what the maps draw under the data. `offline` (the default) draws the map bundled with the web app
 * and fetches nothing from the internet; the others are raster tiles the browser fetches from their server.
 */

export class BasemapConfigError extends Error {}

// https://operations.osmfoundation.org/policies/tiles/ : the standard tile layer, with its required credit.
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

const TIANDITU_ATTRIBUTION =
  '<a href="https://www.tianditu.gov.cn/" target="_blank" rel="noopener">© 天地图 Tianditu</a>';

/**
 * One Tianditu layer in Web Mercator (`_w`) as WMTS KVP requests, on the service's eight hosts t0–t7 (the
 * service description at tianditu.gov.cn: 开发资源 → 地图API → 服务说明).
 */
function tiandituLayer(layer: 'vec' | 'cva' | 'eva', key: string): string[] {
  return Array.from(
    { length: 8 },
    (_, i) =>
      `https://t${i}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
      `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${key}`,
  );
}

const USAGE =
  'BASEMAP must be offline, osm, tianditu, an http(s) XYZ tile URL with {z}, {x} and {y}, ' +
  'or an http(s) TileJSON URL ending in .json';

/** The URL with its placeholders filled, or null if it is not an absolute http(s) URL. */
function parseUrl(raw: string): URL | null {
  if (/[\s"'<>\\]/.test(raw)) return null;
  try {
    const url = new URL(raw.replace(/\{[a-z]+\}/g, '0'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function basemapConfig(env: NodeJS.ProcessEnv): Basemap {
  const setting = (env.BASEMAP ?? '').trim() || 'offline';
  const extra = env.BASEMAP_ATTRIBUTION?.trim() ?? '';
  const credit = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  const none = { tiles: [], labels: null, tilejson: null };
  if (setting === 'offline') {
    if (extra) throw new BasemapConfigError('BASEMAP_ATTRIBUTION applies to online basemaps only');
    return { name: 'offline', ...none, attribution: '' };
  }
  if (setting === 'osm')
    return { name: 'osm', ...none, tiles: [OSM_TILES], attribution: credit(OSM_ATTRIBUTION, extra) };
  if (setting === 'tianditu') {
    const key = env.TIANDITU_KEY?.trim() ?? '';
    if (!key)
      throw new BasemapConfigError(
        'BASEMAP=tianditu needs TIANDITU_KEY (a key from console.tianditu.gov.cn)',
      );
    if (!/^[A-Za-z0-9]{16,64}$/.test(key)) {
      throw new BasemapConfigError('TIANDITU_KEY must be 16–64 letters and digits');
    }
    return {
      name: 'tianditu',
      tiles: tiandituLayer('vec', key),
      labels: { 'zh-Hans': tiandituLayer('cva', key), en: tiandituLayer('eva', key) },
      tilejson: null,
      attribution: credit(TIANDITU_ATTRIBUTION, extra),
    };
  }
  const url = parseUrl(setting);
  if (!url) throw new BasemapConfigError(`${USAGE}, got "${setting}"`);
  if (url.pathname.endsWith('.json')) {
    return { name: 'tilejson', ...none, tilejson: setting, attribution: extra };
  }
  if (setting.includes('{s}')) {
    throw new BasemapConfigError(
      `BASEMAP: MapLibre has no {s} placeholder, name one host instead: "${setting}"`,
    );
  }
  if (!['{z}', '{x}', '{y}'].every((p) => setting.includes(p))) {
    throw new BasemapConfigError(`${USAGE}: "${setting}" lacks {z}, {x} or {y}`);
  }
  return { name: 'xyz', ...none, tiles: [setting], attribution: extra || url.host };
}

/** The origins the browser fetches the basemap from, for the Content-Security-Policy. */
export function basemapOrigins(basemap: Basemap): string[] {
  const urls = [...basemap.tiles, ...(basemap.labels?.['zh-Hans'] ?? []), ...(basemap.labels?.en ?? [])];
  if (basemap.tilejson) urls.push(basemap.tilejson);
  const origins = urls.map((u) => parseUrl(u)?.origin).filter((o): o is string => Boolean(o));
  return [...new Set(origins)];
}
