import type { Feature, FeatureCollection } from 'geojson';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { loadBasemap } from './basemap-data';
import { MAP_COLORS } from './map-style';
import { useMapLayers } from './use-map-layers';

const SOURCE = 'basemap';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY, tolerance: 0.5 };
const kind = (k: string) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];

const LAYERS: AddLayerObject[] = [
  {
    id: 'basemap-land',
    type: 'fill',
    source: SOURCE,
    filter: kind('land'),
    paint: { 'fill-color': MAP_COLORS.land },
  },
  {
    id: 'basemap-provinces',
    type: 'line',
    source: SOURCE,
    filter: kind('province'),
    minzoom: 2.5,
    paint: {
      'line-color': MAP_COLORS.province,
      'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.2],
    },
  },
  {
    id: 'basemap-coast',
    type: 'line',
    source: SOURCE,
    filter: kind('coast'),
    paint: { 'line-color': MAP_COLORS.coast, 'line-width': 0.8 },
  },
  {
    id: 'basemap-borders',
    type: 'line',
    source: SOURCE,
    filter: kind('border'),
    paint: {
      'line-color': MAP_COLORS.border,
      'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
    },
  },
];

/** Offline outlines of land, countries and China's provinces, loaded once on demand. */
export function BasemapLayer() {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'basemap');
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    loadBasemap().then(
      (data) => {
        if (cancelled) return;
        const features: Feature[] = [
          ...data.land.features.map((f) => ({ ...f, properties: { kind: 'land' } })),
          { type: 'Feature', properties: { kind: 'coast' }, geometry: data.coast },
          { type: 'Feature', properties: { kind: 'border' }, geometry: data.borders },
          ...data.provinces.features.map((f) => ({ ...f, properties: { kind: 'province' } })),
        ];
        void source.setData({ type: 'FeatureCollection', features });
      },
      (error: unknown) => console.error('The basemap could not load', error),
    );
    return () => {
      cancelled = true;
    };
  }, [source]);
  return null;
}
