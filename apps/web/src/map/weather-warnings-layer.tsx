import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useLayerOpacity } from './layer-opacity';
import { useMap } from './map-context';
import { useMapLayers } from './use-map-layers';
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

export interface WeatherWarningPick {
  id: number;
  lngLat: [number, number];
}

interface WeatherWarningsLayerProps {
  data: WeatherWarningMapData;
  opacity: number;
  /** A click inside a warned area gives the topmost warning there, unless a mark over it takes the click. */
  onSelect: (pick: WeatherWarningPick | null) => void;
  yieldTo?: { layers: readonly string[]; px: number };
}

/** Official (CAP) weather warnings: each area filled and outlined in its warning's colour, under the strokes. */
export function WeatherWarningsLayer({ data, opacity, onSelect, yieldTo }: WeatherWarningsLayerProps) {
  const map = useMap();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  useLayerOpacity(LAYERS, opacity, source !== null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const marks = useRef(yieldTo);
  marks.current = yieldTo;

  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);

  useEffect(() => {
    if (!source) return;
    const onClick = (event: MapMouseEvent) => {
      const { x, y } = event.point;
      const over = marks.current;
      if (over) {
        const layers = over.layers.filter((id) => map.getLayer(id));
        const box: [[number, number], [number, number]] = [
          [x - over.px, y - over.px],
          [x + over.px, y + over.px],
        ];
        if (layers.length > 0 && map.queryRenderedFeatures(box, { layers }).length > 0) return;
      }
      // The first rendered feature is the topmost: the most severe warning drawn last.
      const hit = map.queryRenderedFeatures(event.point, { layers: [WEATHER_WARNING_FILL] })[0];
      if (!hit) return select.current(null);
      select.current({ id: Number(hit.properties.id), lngLat: [event.lngLat.lng, event.lngLat.lat] });
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, source]);

  return null;
}
