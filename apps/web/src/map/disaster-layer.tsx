import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { DisasterMapData } from './disaster-features';
import { useMap } from './map-context';
import { useMapLayers } from './use-map-layers';

const SOURCE = 'disaster-warnings';
const FILL = 'disaster-fill';
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};
const LAYERS: AddLayerObject[] = [
  {
    id: FILL,
    type: 'fill',
    source: SOURCE,
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.28 },
  },
  {
    id: 'disaster-line',
    type: 'line',
    source: SOURCE,
    paint: { 'line-color': ['get', 'color'], 'line-width': 1.5, 'line-opacity': 0.9 },
  },
];

export interface DisasterPick {
  id: number;
  lngLat: [number, number];
}

interface DisasterLayerProps {
  data: DisasterMapData;
  /** A click inside a warned city gives it, unless a mark over it (`yieldTo`) takes the click. */
  onSelect: (pick: DisasterPick | null) => void;
  yieldTo?: { layers: readonly string[]; px: number };
}

/** Lightning disaster warnings: each warned city filled in its level's colour under the strokes. */
export function DisasterLayer({ data, onSelect, yieldTo }: DisasterLayerProps) {
  const map = useMap();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
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
      const hit = map.queryRenderedFeatures(event.point, { layers: [FILL] })[0];
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
