import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import { LEVEL_COLOURS, type Level } from '@thunderwatch/shared/warnings';
import type { Feature, FeatureCollection } from 'geojson';
import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import { ringOutline } from './ring-geometry';

export interface RingedLocation {
  id: number;
  shape: LocationShape;
  rings: readonly Ring[];
  /** Current level: the faint fill inside the outermost ring. */
  level: Level;
  selected?: boolean;
  /** Switched off: drawn faintly, it warns nobody. */
  muted?: boolean;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };
const kind = (k: string) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];
const selected = (on: number, off: number) => ['case', ['get', 'selected'], on, off] as never;
/** Faint for switched-off locations, whatever else applies. */
const unlessMuted = (value: unknown, muted: number) => ['case', ['get', 'muted'], muted, value] as never;

function layers(id: string): AddLayerObject[] {
  return [
    {
      id: `${id}-fill`,
      type: 'fill',
      source: id,
      filter: kind('fill'),
      paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': unlessMuted(selected(0.2, 0.1), 0.03) },
    },
    {
      id: `${id}-rings`,
      type: 'line',
      source: id,
      filter: kind('ring'),
      paint: {
        'line-color': ['get', 'colour'],
        'line-width': selected(2.5, 1.4),
        'line-opacity': unlessMuted(0.9, 0.35),
      },
    },
    {
      id: `${id}-area`,
      type: 'line',
      source: id,
      filter: kind('area'),
      paint: { 'line-color': '#ffffff', 'line-width': selected(2.5, 1.5) },
    },
    {
      id: `${id}-point`,
      type: 'circle',
      source: id,
      filter: kind('point'),
      paint: {
        'circle-radius': selected(7, 5),
        'circle-color': ['get', 'colour'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
  ];
}

/** Outermost ring first so inner rings draw over it; the fill uses the outermost outline. */
export function locationFeatures(location: RingedLocation): Feature[] {
  const { id, shape, level } = location;
  const props = { id, selected: Boolean(location.selected), muted: Boolean(location.muted) };
  const rings = [...location.rings].sort((a, b) => b.radius_km - a.radius_km);
  const features: Feature[] = [];
  rings.forEach((ring, i) => {
    const outline = ringOutline(shape, ring.radius_km);
    if (outline.length < 4) return;
    if (i === 0) {
      features.push({
        type: 'Feature',
        properties: { ...props, kind: 'fill', colour: LEVEL_COLOURS[level] },
        geometry: { type: 'Polygon', coordinates: [outline] },
      });
    }
    features.push({
      type: 'Feature',
      properties: { ...props, kind: 'ring', colour: LEVEL_COLOURS[ring.level] },
      geometry: { type: 'LineString', coordinates: outline },
    });
  });
  features.push(
    shape.type === 'Point'
      ? {
          type: 'Feature',
          properties: { ...props, kind: 'point', colour: LEVEL_COLOURS[level] },
          geometry: shape,
        }
      : {
          type: 'Feature',
          properties: { ...props, kind: 'area' },
          geometry: { type: 'MultiLineString', coordinates: shape.coordinates },
        },
  );
  return features;
}

interface LocationRingsLayerProps {
  locations: readonly RingedLocation[];
  /** Source and layer id prefix, so a screen can show saved locations and a draft side by side. */
  id?: string;
  /** A click inside a location's outermost ring or on its point. */
  onSelect?: (id: number) => void;
}

/** Locations with their warning rings as geodesic outlines in ring-level colours, filled with the current level. */
export function LocationRingsLayer({ locations, id = 'locations', onSelect }: LocationRingsLayerProps) {
  const map = useMap();
  const spec = useRef(layers(id));
  const source = useMapLayers(id, SOURCE_SPEC, spec.current, 'data');
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      // The selected location last, so its rings draw over its neighbours'.
      features: [...locations]
        .sort((a, b) => Number(Boolean(a.selected)) - Number(Boolean(b.selected)))
        .flatMap(locationFeatures),
    }),
    [locations],
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
      const hits = map.queryRenderedFeatures(event.point, { layers: [`${id}-point`, `${id}-fill`] });
      const hit = hits.find((f) => f.properties?.kind === 'point') ?? hits[0];
      if (hit) select.current?.(Number(hit.properties?.id));
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, source, id]);

  return null;
}
