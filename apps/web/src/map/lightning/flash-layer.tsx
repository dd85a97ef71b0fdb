import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMapLayers } from '../use-map-layers';

const SOURCE = 'flash';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };

const LAYERS: AddLayerObject[] = [
  {
    id: 'flash-path',
    type: 'line',
    source: SOURCE,
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': '#7dd3fc', 'line-width': 1.5, 'line-dasharray': [2, 2] },
  },
  {
    id: 'flash-strokes',
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 9,
      'circle-opacity': 0,
      'circle-stroke-width': 2,
      'circle-stroke-color': '#7dd3fc',
    },
  },
];

/** The strokes of one flash, ringed and joined in time order. */
export function FlashLayer({ points }: { points: readonly [number, number][] }) {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'top');
  useEffect(() => {
    if (!source) return;
    const coordinates = points.map((p) => [...p]);
    void source.setData({
      type: 'FeatureCollection',
      features: [
        ...coordinates.map((c) => ({
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'Point' as const, coordinates: c },
        })),
        ...(coordinates.length > 1
          ? [
              {
                type: 'Feature' as const,
                properties: {},
                geometry: { type: 'LineString' as const, coordinates },
              },
            ]
          : []),
      ],
    });
  }, [source, points]);
  return null;
}
