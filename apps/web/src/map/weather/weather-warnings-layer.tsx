import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { type AreaPick, type ClickYield, useAreaClick } from '../area-click';
import { useLayerOpacity } from '../layer-opacity';
import { useMapLayers } from '../use-map-layers';
import type { WeatherWarningMapData } from './warning-features';

const SOURCE = 'weather-warnings';
export const WEATHER_WARNING_FILL = 'weather-warning-fill';
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};
const LAYERS: AddLayerObject[] = [
  {
    id: WEATHER_WARNING_FILL,
    type: 'fill',
    source: SOURCE,
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.22 },
  },
  {
    id: 'weather-warning-line',
    type: 'line',
    source: SOURCE,
    paint: { 'line-color': ['get', 'color'], 'line-width': 2, 'line-opacity': 0.95 },
  },
];

export type WeatherWarningPick = AreaPick;

interface WeatherWarningsLayerProps {
  data: WeatherWarningMapData;
  opacity: number;
  /** A click inside a warned area gives the topmost warning there, unless a mark over it takes the click. */
  onSelect: (pick: WeatherWarningPick | null) => void;
  yieldTo?: ClickYield;
}

/** Official (CAP) weather warnings: each area filled and outlined in its warning's colour, under the strokes. */
export function WeatherWarningsLayer({ data, opacity, onSelect, yieldTo }: WeatherWarningsLayerProps) {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  useLayerOpacity(LAYERS, opacity, source !== null);
  useAreaClick(WEATHER_WARNING_FILL, source !== null, onSelect, yieldTo);

  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);

  return null;
}
