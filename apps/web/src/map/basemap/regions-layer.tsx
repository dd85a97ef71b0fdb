import type { Region } from '@thunderwatch/shared/schemas/regions';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayerOpacity } from '../layer-opacity';
import { useMapLayers } from '../use-map-layers';
import { CITY_MIN_ZOOM, REGION_COLORS, regionOutlines } from './region-features';

const SOURCE = 'regions';
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};
const LAYERS: AddLayerObject[] = [
  {
    id: 'region-city-line',
    type: 'line',
    source: SOURCE,
    minzoom: CITY_MIN_ZOOM,
    filter: ['==', ['get', 'level'], 'city'],
    paint: {
      'line-color': REGION_COLORS.city,
      'line-width': 0.8,
      'line-opacity': 0.7,
      'line-dasharray': [3, 2],
    },
  },
  {
    id: 'region-province-line',
    type: 'line',
    source: SOURCE,
    filter: ['==', ['get', 'level'], 'province'],
    paint: {
      'line-color': REGION_COLORS.province,
      'line-width': ['interpolate', ['linear'], ['zoom'], 3, 1, 8, 2.2],
      'line-opacity': 0.9,
    },
  },
];

interface RegionsLayerProps {
  provinces: readonly Region[];
  /** Empty until the map is zoomed in to `CITY_MIN_ZOOM`. */
  cities: readonly Region[];
  opacity: number;
}

/** Province borders, and city borders (dashed) once zoomed in, as outlines under the data. */
export function RegionsLayer({ provinces, cities, opacity }: RegionsLayerProps) {
  const { i18n } = useTranslation();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  useLayerOpacity(LAYERS, opacity, source !== null);
  const data = useMemo(
    () => regionOutlines([...provinces, ...cities], i18n.language),
    [provinces, cities, i18n.language],
  );
  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);
  return null;
}
