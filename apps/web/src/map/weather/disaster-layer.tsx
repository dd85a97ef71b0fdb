import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { type AreaPick, type ClickYield, useAreaClick } from '../area-click';
import { useMapLayers } from '../use-map-layers';
import type { DisasterMapData } from './disaster-features';

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

export type DisasterPick = AreaPick;

interface DisasterLayerProps {
  data: DisasterMapData;
  /** A click inside a warned city gives it, unless a mark over it (`yieldTo`) takes the click. */
  onSelect: (pick: DisasterPick | null) => void;
  yieldTo?: ClickYield;
}

/** Lightning disaster warnings: each warned city filled in its level's colour under the strokes. */
export function DisasterLayer({ data, onSelect, yieldTo }: DisasterLayerProps) {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  useAreaClick(FILL, source !== null, onSelect, yieldTo);

  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);

  return null;
}
