import type { Language } from '@thunderwatch/shared/languages';
import type { Basemap } from '@thunderwatch/shared/schemas/map';
import type { ExpressionSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { MAP_COLORS } from '../map-style';

/**
 * What the basemap adds to the map, as plain style objects (so tests can read them): the online raster
 * layers of `BASEMAP`, or the offline map's city names in the interface language.
 */

/** The credit of the offline map's data: coasts and borders, provinces, cities' seats and names. */
export const OFFLINE_ATTRIBUTION = 'Natural Earth · ECharts · GeoNames';

export const ONLINE_SOURCE = 'basemap-online';
export const ONLINE_LABELS_SOURCE = 'basemap-online-labels';

export interface StyleParts {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
}

/** The label tiles of an online basemap in the interface language, or null if it has none. */
export function labelTiles(basemap: Basemap, language: Language): string[] | null {
  return basemap.labels ? basemap.labels[language] : null;
}

/** The raster sources and layers of an online basemap (labels, if any, over the map); null when offline. */
export function onlineBasemap(basemap: Basemap, language: Language): StyleParts | null {
  if (basemap.name === 'offline') return null;
  const credit = basemap.attribution ? { attribution: basemap.attribution } : {};
  const sources: StyleParts['sources'] = {
    [ONLINE_SOURCE]: basemap.tilejson
      ? { type: 'raster', url: basemap.tilejson, tileSize: 256, ...credit }
      : { type: 'raster', tiles: basemap.tiles, tileSize: 256, maxzoom: 18, ...credit },
  };
  const layers: LayerSpecification[] = [{ id: ONLINE_SOURCE, type: 'raster', source: ONLINE_SOURCE }];
  const labels = labelTiles(basemap, language);
  if (labels) {
    sources[ONLINE_LABELS_SOURCE] = { type: 'raster', tiles: labels, tileSize: 256, maxzoom: 18 };
    layers.push({ id: ONLINE_LABELS_SOURCE, type: 'raster', source: ONLINE_LABELS_SOURCE });
  }
  return { sources, layers };
}

export const CITIES_SOURCE = 'basemap-cities';

/** Cities' names in the interface language. */
export const cityLabelField = (language: Language): ExpressionSpecification => [
  'get',
  language === 'en' ? 'en' : 'zh',
];

// No glyph server: without a `glyphs` URL MapLibre draws every character with these local fonts.
const FONTS = ['system-ui', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'sans-serif'];

/**
 * Province-level cities and capitals from zoom 3.5, the other prefectures from zoom 5: each a dot at its
 * seat and its name beside it, where the name fits (MapLibre drops the names that would collide).
 */
export function cityLabelLayers(language: Language): LayerSpecification[] {
  const major = ['<=', ['get', 'rank'], 1] as ExpressionSpecification;
  const minor = ['>', ['get', 'rank'], 1] as ExpressionSpecification;
  const dot = (id: string, filter: ExpressionSpecification, minzoom: number, radius: number) =>
    ({
      id,
      type: 'circle',
      source: CITIES_SOURCE,
      filter,
      minzoom,
      paint: {
        'circle-radius': radius,
        'circle-color': MAP_COLORS.city,
        'circle-stroke-color': MAP_COLORS.background,
        'circle-stroke-width': 1,
      },
    }) satisfies LayerSpecification;
  const names = (id: string, filter: ExpressionSpecification, minzoom: number, size: [number, number]) =>
    ({
      id,
      type: 'symbol',
      source: CITIES_SOURCE,
      filter,
      minzoom,
      layout: {
        'text-field': cityLabelField(language),
        'text-font': FONTS,
        // Larger as the map zooms in, where there is room and fewer of them show.
        'text-size': ['interpolate', ['linear'], ['zoom'], minzoom, size[0], minzoom + 5, size[1]],
        'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
        'text-radial-offset': 0.6,
        'text-justify': 'auto',
        'text-max-width': 12,
      },
      paint: {
        'text-color': MAP_COLORS.cityLabel,
        'text-halo-color': MAP_COLORS.background,
        'text-halo-width': 1.4,
      },
    }) satisfies LayerSpecification;
  return [
    dot('city-dots', minor, 5, 2.5),
    dot('city-dots-major', major, 3.5, 3.5),
    // Later layers place their names first: capitals win where names would collide.
    names('city-labels', minor, 5, [11.5, 14]),
    names('city-labels-major', major, 3.5, [12.5, 15.5]),
  ];
}

/** The ids of the layers showing city names, whose text follows the interface language. */
export const CITY_LABEL_LAYER_IDS = ['city-labels', 'city-labels-major'] as const;
