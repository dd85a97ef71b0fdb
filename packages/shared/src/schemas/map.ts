import { type Static, Type } from 'typebox';
import { Nullable } from './kit.js';

/** The settings of `BASEMAP`: the bundled offline map, two online services, or the operator's own tiles. */
export const BASEMAP_NAMES = ['offline', 'osm', 'tianditu', 'xyz', 'tilejson'] as const;
export type BasemapName = (typeof BASEMAP_NAMES)[number];

export const Basemap = Type.Object({
  name: Type.Enum(BASEMAP_NAMES, { description: 'The `BASEMAP` setting this describes' }),
  tiles: Type.Array(Type.String(), {
    description: 'Raster tile URL templates with {z}, {x} and {y}; empty for offline and tilejson',
  }),
  labels: Nullable(
    Type.Object(
      { 'zh-Hans': Type.Array(Type.String()), en: Type.Array(Type.String()) },
      { description: 'Raster label tiles drawn over `tiles`, one set per interface language (tianditu)' },
    ),
  ),
  tilejson: Nullable(Type.String({ description: 'URL of a raster TileJSON (tilejson only)' })),
  attribution: Type.String({ description: 'Credit to show for the online tiles (HTML); empty when offline' }),
});
export type Basemap = Static<typeof Basemap>;

export const MapConfig = Type.Object({ basemap: Basemap });
export type MapConfig = Static<typeof MapConfig>;
