import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useLayerOpacity } from '../layer-opacity';
import type { LayerWarmUp } from '../layer-warm-up';
import { setSourceData } from '../source-data';
import { useMapLayers } from '../use-map-layers';
import { densityFeatures } from './density';

const WARM_UP_HOUR = new Date(0).toISOString();

const SOURCE = 'density';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY, tolerance: 0 };

/** Strokes per cell: blue (few) to magenta (many), on a log-like scale. */
export const DENSITY_STOPS: [number, string][] = [
  [1, '#1d4ed8'],
  [5, '#0891b2'],
  [20, '#16a34a'],
  [50, '#eab308'],
  [200, '#ea580c'],
  [1000, '#db2777'],
];

const LAYERS: AddLayerObject[] = [
  {
    id: 'density-fill',
    type: 'fill',
    source: SOURCE,
    paint: {
      'fill-color': [
        'step',
        ['get', 'count'],
        ...DENSITY_STOPS.flatMap(([n, c], i) => (i === 0 ? [c] : [n, c])),
      ] as never,
      'fill-opacity': 0.55,
    },
  },
];

/** The density's layer, drawn once unseen as home's map shows (see `warmUpLayers`): one cell at the centre. */
export const DENSITY_WARM_UP: LayerWarmUp = {
  layers: LAYERS,
  source: ([lon, lat]) => ({
    type: 'geojson',
    data: densityFeatures([{ hour: WARM_UP_HOUR, lat, lon, count: 1 }], 0.01, Number.POSITIVE_INFINITY),
  }),
};

/** The hourly stroke density grid as coloured squares under the strokes. */
export function DensityLayer({ data, opacity = 1 }: { data: FeatureCollection; opacity?: number }) {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  useLayerOpacity(LAYERS, opacity, source !== null);
  useEffect(() => {
    if (source) void setSourceData(source, data);
  }, [source, data]);
  return null;
}
