import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { MAP_COLORS } from '../map-style';
import { useMapLayers } from '../use-map-layers';
import { absoluteUrl, BASEMAP_FILES } from './basemap-data';
import { OFFLINE_ATTRIBUTION } from './basemap-style';
import { COUNTRIES_TILE_LAYER } from './country-outlines';
import { PROVINCES_TILE_LAYER } from './echarts-geo';

/** From this zoom on, China and its neighbours are drawn at 1:10m (the tiles are cut so). */
export const FINE_FROM_ZOOM = BASEMAP_FILES.region.minzoom;

const kind = (k: string) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];
// Each source credits the offline data: MapLibre shows the credit of the sources on screen (once), and which
// of them are on screen depends on the zoom.
const tiles = (set: (typeof BASEMAP_FILES)['world']): SourceSpecification => ({
  type: 'vector',
  tiles: [absoluteUrl(set.tiles)],
  minzoom: set.minzoom,
  maxzoom: set.maxzoom,
  bounds: set.bounds,
  attribution: OFFLINE_ATTRIBUTION,
});
/** Province borders from zoom 2.5 (they are in the world's tiles from zoom 2, and in the region's). */
const PROVINCES_FROM_ZOOM = 2.5;

function countryLayers(sourceId: string, minzoom = 0): AddLayerObject[] {
  const common = { source: sourceId, 'source-layer': COUNTRIES_TILE_LAYER, ...(minzoom ? { minzoom } : {}) };
  return [
    {
      id: `${sourceId}-land`,
      type: 'fill',
      ...common,
      filter: kind('land'),
      paint: { 'fill-color': MAP_COLORS.land },
    },
    {
      id: `${sourceId}-coast`,
      type: 'line',
      ...common,
      filter: kind('coast'),
      paint: { 'line-color': MAP_COLORS.coast, 'line-width': 0.8 },
    },
    {
      id: `${sourceId}-borders`,
      type: 'line',
      ...common,
      filter: kind('border'),
      paint: {
        'line-color': MAP_COLORS.border,
        'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
      },
    },
  ];
}

/** The world at 1:50m; from zoom 4 on, its tiles hold only the world outside China and its neighbours... */
const WORLD = 'basemap';
/** ...which these draw at 1:10m. */
const REGION = 'basemap-fine';
const provinceLayer = (sourceId: string, minzoom: number): AddLayerObject => ({
  id: `${sourceId}-provinces`,
  type: 'line',
  source: sourceId,
  'source-layer': PROVINCES_TILE_LAYER,
  minzoom,
  paint: {
    'line-color': MAP_COLORS.province,
    'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.2],
  },
});
// Provinces over the countries' land and borders, as before they came in the tiles.
const WORLD_LAYERS = [...countryLayers(WORLD), provinceLayer(WORLD, PROVINCES_FROM_ZOOM)];
const REGION_LAYERS = [...countryLayers(REGION, FINE_FROM_ZOOM), provinceLayer(REGION, FINE_FROM_ZOOM)];

/**
 * The offline map: land, coasts and borders from Natural Earth (1:50m; China and its neighbours at 1:10m from
 * zoom 4) and China's provinces, in drawing order.
 */
export function OfflineBasemapLayer() {
  useMapLayers(WORLD, tiles(BASEMAP_FILES.world), WORLD_LAYERS, 'basemap');
  useMapLayers(REGION, tiles(BASEMAP_FILES.region), REGION_LAYERS, 'basemap');
  return null;
}
