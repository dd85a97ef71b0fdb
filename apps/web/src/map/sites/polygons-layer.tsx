import type { PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';

export interface MapPolygon {
  id: number;
  geometry: PolygonGeometry;
  selected?: boolean;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };
const COLOUR = '#38bdf8';
const SELECTED = '#facc15';
const selected = <T,>(on: T, off: T) => ['case', ['get', 'selected'], on, off] as never;

function layers(id: string): AddLayerObject[] {
  return [
    {
      id: `${id}-fill`,
      type: 'fill',
      source: id,
      paint: { 'fill-color': selected(SELECTED, COLOUR), 'fill-opacity': selected(0.22, 0.12) },
    },
    {
      id: `${id}-outline`,
      type: 'line',
      source: id,
      paint: { 'line-color': selected(SELECTED, COLOUR), 'line-width': selected(2.5, 1.5) },
    },
  ];
}

interface PolygonsLayerProps {
  polygons: readonly MapPolygon[];
  /** Source and layer id prefix. */
  id?: string;
  /** A click inside one of the polygons (the topmost). */
  onSelect?: (id: number) => void;
}

/** Plain polygons (zones): a faint fill and an outline, the selected one highlighted and drawn on top. */
export function PolygonsLayer({ polygons, id = 'polygons', onSelect }: PolygonsLayerProps) {
  const map = useMap();
  const spec = useRef(layers(id));
  const source = useMapLayers(id, SOURCE_SPEC, spec.current, 'data');
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: [...polygons]
        .sort((a, b) => Number(Boolean(a.selected)) - Number(Boolean(b.selected)))
        .map((p) => ({
          type: 'Feature' as const,
          properties: { id: p.id, selected: Boolean(p.selected) },
          geometry: p.geometry,
        })),
    }),
    [polygons],
  );
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);

  useEffect(() => {
    if (!source) return;
    const onClick = (event: MapMouseEvent) => {
      if (!select.current) return;
      const hit = map.queryRenderedFeatures(event.point, { layers: [`${id}-fill`] }).at(0);
      if (hit) select.current(Number(hit.properties?.id));
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, source, id]);

  return null;
}
