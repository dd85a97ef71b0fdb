import type { FeatureCollection, Point } from 'geojson';
import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';

const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};
/** Dots take clicks within this many pixels, so one is easy to hit on a phone. */
const HIT_PX = 8;

function dotLayers(source: string, layer: string): AddLayerObject[] {
  return [
    {
      id: layer,
      type: 'circle',
      source,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 4, 8, 8],
        'circle-color': ['get', 'color'],
        // A dot that needs a look (a sea at the alert threshold, a device offline) has a white ring.
        'circle-stroke-width': ['case', ['get', 'alert'], 2.5, 1],
        'circle-stroke-color': ['case', ['get', 'alert'], '#ffffff', '#05080f'],
      },
    },
  ];
}

interface DotsLayerProps {
  /** Names the map source; its layer is `<source>-dot`. */
  source: string;
  /** Points with `id` and `color` (and `alert`: ringed) properties. */
  data: FeatureCollection<Point, { id: string; color: string; alert: boolean }>;
  /** A click on a dot gives its id and position; a click elsewhere null. */
  onSelect: (pick: { id: string; lngLat: [number, number] } | null) => void;
}

/**
 * Things at fixed places (wave stations, detection devices) as dots in their state's colour, over the other
 * layers, where they take the click.
 */
export function DotsLayer({ source: SOURCE, data, onSelect }: DotsLayerProps) {
  const map = useMap();
  const LAYER = `${SOURCE}-dot`;
  const layers = useMemo(() => dotLayers(SOURCE, LAYER), [SOURCE, LAYER]);
  const source = useMapLayers(SOURCE, SOURCE_SPEC, layers, 'top');
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);

  useEffect(() => {
    if (!source) return;
    const onClick = (event: MapMouseEvent) => {
      const { x, y } = event.point;
      const hit = map.queryRenderedFeatures(
        [
          [x - HIT_PX, y - HIT_PX],
          [x + HIT_PX, y + HIT_PX],
        ],
        { layers: [LAYER] },
      )[0];
      if (hit?.geometry.type !== 'Point') return select.current(null);
      const [lon, lat] = hit.geometry.coordinates as [number, number];
      select.current({ id: String(hit.properties.id), lngLat: [lon, lat] });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    map.on('mouseenter', LAYER, pointer);
    map.on('mouseleave', LAYER, plain);
    return () => {
      map.off('click', onClick);
      map.off('mouseenter', LAYER, pointer);
      map.off('mouseleave', LAYER, plain);
    };
  }, [map, source, LAYER]);

  return null;
}
