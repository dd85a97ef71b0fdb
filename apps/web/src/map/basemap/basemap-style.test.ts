import type { Basemap } from '@thunderwatch/shared/schemas/map';
import type { RasterSourceSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import {
  CITY_LABEL_LAYER_IDS,
  cityLabelLayers,
  labelTiles,
  ONLINE_LABELS_SOURCE,
  ONLINE_SOURCE,
  onlineBasemap,
} from './basemap-style';

const none = { tiles: [], labels: null, tilejson: null };
const OFFLINE: Basemap = { name: 'offline', ...none, attribution: '' };
const OSM: Basemap = {
  name: 'osm',
  ...none,
  tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
  attribution: '© OpenStreetMap contributors',
};
const TIANDITU: Basemap = {
  name: 'tianditu',
  tiles: ['https://t0.tianditu.gov.cn/vec_w/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=k'],
  labels: {
    'zh-Hans': ['https://t0.tianditu.gov.cn/cva_w/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=k'],
    en: ['https://t0.tianditu.gov.cn/eva_w/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=k'],
  },
  tilejson: null,
  attribution: '© 天地图 Tianditu',
};
const TILEJSON: Basemap = {
  name: 'tilejson',
  ...none,
  tilejson: 'https://maps.example.com/tiles.json',
  attribution: '',
};

const raster = (basemap: Basemap, id: string, language: 'zh-Hans' | 'en' = 'zh-Hans') =>
  onlineBasemap(basemap, language)?.sources[id] as RasterSourceSpecification | undefined;

describe('online basemap style', () => {
  it('adds nothing for the offline map: its layers are drawn from bundled data', () => {
    expect(onlineBasemap(OFFLINE, 'en')).toBeNull();
  });

  it.each<[string, Basemap, Partial<RasterSourceSpecification>]>([
    ['OpenStreetMap', OSM, { tiles: OSM.tiles, attribution: '© OpenStreetMap contributors' }],
    ['Tianditu', TIANDITU, { tiles: TIANDITU.tiles, attribution: '© 天地图 Tianditu' }],
    ['a TileJSON, which brings its own credit', TILEJSON, { url: 'https://maps.example.com/tiles.json' }],
  ])('draws %s as one raster source with its credit', (_name, basemap, expected) => {
    const parts = onlineBasemap(basemap, 'zh-Hans');
    expect(raster(basemap, ONLINE_SOURCE)).toMatchObject({ type: 'raster', tileSize: 256, ...expected });
    expect(parts?.layers[0]).toEqual({ id: ONLINE_SOURCE, type: 'raster', source: ONLINE_SOURCE });
  });

  it('gives the TileJSON no credit of its own when none is configured', () => {
    expect(raster(TILEJSON, ONLINE_SOURCE)).not.toHaveProperty('attribution');
    expect(raster(TILEJSON, ONLINE_SOURCE)).not.toHaveProperty('tiles');
  });

  it.each([
    ['zh-Hans', '/cva_w/'],
    ['en', '/eva_w/'],
  ] as const)('lays Tianditu labels in %s over its map', (language, layer) => {
    const parts = onlineBasemap(TIANDITU, language);
    expect(parts?.layers.map((l) => l.id)).toEqual([ONLINE_SOURCE, ONLINE_LABELS_SOURCE]);
    expect(raster(TIANDITU, ONLINE_LABELS_SOURCE, language)?.tiles?.[0]).toContain(layer);
    expect(labelTiles(TIANDITU, language)?.[0]).toContain(layer);
  });

  it('has no label layer for services whose map is already labelled', () => {
    expect(onlineBasemap(OSM, 'en')?.layers).toHaveLength(1);
    expect(labelTiles(OSM, 'en')).toBeNull();
  });
});

describe('city names', () => {
  const textField = (language: 'zh-Hans' | 'en') =>
    cityLabelLayers(language)
      .filter((l): l is SymbolLayerSpecification => l.type === 'symbol')
      .map((l) => [l.id, l.layout?.['text-field']]);

  it.each([
    ['zh-Hans', 'zh'],
    ['en', 'en'],
  ] as const)('are written in %s', (language, property) => {
    expect(textField(language)).toEqual(CITY_LABEL_LAYER_IDS.map((id) => [id, ['get', property]]));
  });

  it('show capitals from a lower zoom than the other prefectures, and place their names first', () => {
    const layers = cityLabelLayers('en');
    const byId = Object.fromEntries(layers.map((l) => [l.id, l]));
    expect(byId['city-labels-major']?.minzoom).toBeLessThan(byId['city-labels']?.minzoom ?? 0);
    // MapLibre places the symbols of higher layers first.
    expect(layers.findIndex((l) => l.id === 'city-labels-major')).toBeGreaterThan(
      layers.findIndex((l) => l.id === 'city-labels'),
    );
  });
});
