import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import type { TyphoonFeatureKind, TyphoonMapData, TyphoonPointProps } from './typhoon-features';

const SOURCE = 'typhoons';
const POINTS = 'typhoon-points';
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};
/** Track points take clicks within this many pixels, so a 6-hourly dot is easy to hit on a phone. */
const HIT_PX = 8;
const POINT_LAYERS = ['typhoon-point', 'typhoon-forecast-point'];
/** Typhoon points take clicks from the strokes under them (see STROKE_CLICK). */
export const TYPHOON_POINT_CLICK = { layers: POINT_LAYERS, px: HIT_PX } as const;

const kind = (k: TyphoonFeatureKind) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];

const LAYERS: AddLayerObject[] = [
  {
    id: 'typhoon-cone',
    type: 'fill',
    source: SOURCE,
    filter: kind('cone'),
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.18, 'fill-outline-color': ['get', 'color'] },
  },
  {
    id: 'typhoon-radii',
    type: 'fill',
    source: SOURCE,
    filter: kind('radii'),
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.16 },
  },
  {
    id: 'typhoon-radii-line',
    type: 'line',
    source: SOURCE,
    filter: kind('radii'),
    paint: { 'line-color': ['get', 'color'], 'line-width': 1.2, 'line-opacity': 0.85 },
  },
  {
    id: 'typhoon-forecast',
    type: 'line',
    source: SOURCE,
    filter: kind('forecast'),
    paint: { 'line-color': ['get', 'color'], 'line-width': 2, 'line-dasharray': [2, 2] },
  },
  {
    id: 'typhoon-track',
    type: 'line',
    source: SOURCE,
    filter: kind('track'),
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ['get', 'color'], 'line-width': 2.5 },
  },
];
const MARK_LAYERS: AddLayerObject[] = [
  {
    id: 'typhoon-point',
    type: 'circle',
    source: POINTS,
    filter: ['==', ['get', 'lead_h'], null],
    paint: {
      'circle-radius': 4.5,
      'circle-color': ['get', 'color'],
      'circle-stroke-width': 1,
      'circle-stroke-color': '#05080f',
    },
  },
  {
    id: 'typhoon-forecast-point',
    type: 'circle',
    source: POINTS,
    filter: ['!=', ['get', 'lead_h'], null],
    paint: {
      'circle-radius': 3.5,
      'circle-color': '#05080f',
      'circle-stroke-width': 2,
      'circle-stroke-color': ['get', 'color'],
    },
  },
];

/** A point clicked, as its popup wants it (GeoJSON drops nulls: they come back missing). */
export interface TyphoonPick extends TyphoonPointProps {
  lngLat: [number, number];
}

function pickOf(properties: Record<string, unknown>, lngLat: [number, number]): TyphoonPick {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    lngLat,
    storm: String(properties.storm),
    name: String(properties.name),
    time: String(properties.time),
    pressure_hpa: num(properties.pressure_hpa),
    wind_ms: num(properties.wind_ms),
    grade: properties.grade as TyphoonPointProps['grade'],
    color: String(properties.color),
    lead_h: num(properties.lead_h),
  };
}

interface TyphoonLayerProps {
  data: TyphoonMapData;
  /** A click on a track or forecast point gives it; a click elsewhere null. */
  onSelect: (pick: TyphoonPick | null) => void;
}

/**
 * Typhoons: the cone, the wind radii, the dashed forecast and the observed track under the strokes; the track
 * and forecast points over them, where they take the click (see `typhoon-features.ts`).
 */
export function TyphoonLayer({ data, onSelect }: TyphoonLayerProps) {
  const map = useMap();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  const points = useMapLayers(POINTS, SOURCE_SPEC, MARK_LAYERS, 'top');
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (source) void source.setData(data.shapes);
  }, [source, data.shapes]);
  useEffect(() => {
    if (points) void points.setData(data.points);
  }, [points, data.points]);

  useEffect(() => {
    if (!points) return;
    const onClick = (event: MapMouseEvent) => {
      const { x, y } = event.point;
      const hit = map.queryRenderedFeatures(
        [
          [x - HIT_PX, y - HIT_PX],
          [x + HIT_PX, y + HIT_PX],
        ],
        { layers: POINT_LAYERS.filter((id) => map.getLayer(id)) },
      )[0];
      if (hit?.geometry.type !== 'Point') return select.current(null);
      const [lon, lat] = hit.geometry.coordinates as [number, number];
      select.current(pickOf(hit.properties, [lon, lat]));
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    for (const id of POINT_LAYERS) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      map.off('click', onClick);
      for (const id of POINT_LAYERS) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
    };
  }, [map, points]);

  return null;
}
