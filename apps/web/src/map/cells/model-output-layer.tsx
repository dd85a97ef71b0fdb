import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, ExpressionSpecification, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useLayerOpacity } from '../layer-opacity';
import { useMap } from '../map-context';
import { setSourceData } from '../source-data';
import { useMapLayers } from '../use-map-layers';

const SOURCE = 'model-output';
const FILL = 'model-output-fill';
const LINE = 'model-output-line';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY, tolerance: 0.2 };

const LAYERS: AddLayerObject[] = [
  { id: FILL, type: 'fill', source: SOURCE, paint: { 'fill-color': '#facc15', 'fill-opacity': 0.28 } },
  {
    id: LINE,
    type: 'line',
    source: SOURCE,
    paint: { 'line-color': '#facc15', 'line-width': 1.2, 'line-opacity': 0.9 },
  },
];

/** The band's colour by its `value`: [threshold, colour] steps, lowest first. */
function colourBy(stops: readonly [number, string][]): ExpressionSpecification | string {
  if (stops.length === 0) return '#facc15';
  const [first, ...rest] = stops;
  return [
    'step',
    ['get', 'value'],
    (first as [number, string])[1],
    ...rest.flat(),
  ] as ExpressionSpecification;
}

/**
 * A model output's contour bands under the strokes: each band (values at least its threshold) filled
 * lightly, so nested bands darken towards the core, and outlined in its colour.
 */
export function ModelOutputLayer({
  data,
  stops,
  opacity = 1,
}: {
  data: FeatureCollection;
  stops: readonly [number, string][];
  /** 0–1, scales the bands' own opacity. */
  opacity?: number;
}) {
  const map = useMap();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  useLayerOpacity(LAYERS, opacity, source !== null);
  useEffect(() => {
    if (source) void setSourceData(source, data);
  }, [source, data]);
  useEffect(() => {
    if (!source) return;
    const colour = colourBy(stops);
    map.setPaintProperty(FILL, 'fill-color', colour);
    map.setPaintProperty(LINE, 'line-color', colour);
  }, [map, source, stops]);
  return null;
}
