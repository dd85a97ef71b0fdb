import type { Aircraft, FlightTrack } from '@thunderwatch/shared/schemas/flights';
import type { AddLayerObject, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import { aircraftFeatures, HAZARD_COLORS, trackFeatures } from './flight-features';
import { addPlaneIcons } from './flight-icons';

const AIRCRAFT = 'flights';
const TRACK_LINES = 'flight-track-lines';
const TRACK_POINTS = 'flight-track-points';
const EMPTY: SourceSpecification = { type: 'geojson', data: { type: 'FeatureCollection', features: [] } };
/** Aircraft take clicks within this many pixels, so an icon is easy to hit on a phone. */
const HIT_PX = 10;
const PLANE_LAYERS = ['flight-plane'];
/** Aircraft take clicks from the strokes under them (see STROKE_CLICK). */
export const FLIGHT_CLICK = { layers: PLANE_LAYERS, px: HIT_PX } as const;
// No glyph server: local fonts draw the labels (as the city names).
const FONTS = ['system-ui', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'sans-serif'];

const PLANE: AddLayerObject[] = [
  {
    id: 'flight-plane',
    type: 'symbol',
    source: AIRCRAFT,
    layout: {
      'icon-image': ['concat', 'flight-plane:', ['get', 'hazard']],
      'icon-rotate': ['get', 'track'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'text-field': ['get', 'label'],
      'text-font': FONTS,
      'text-size': 11,
      'text-anchor': 'left',
      'text-offset': [1.1, 0],
      'text-justify': 'left',
      'text-optional': true,
    },
    paint: {
      'text-color': [
        'match',
        ['get', 'hazard'],
        'inside',
        HAZARD_COLORS.inside,
        'near',
        HAZARD_COLORS.near,
        '#cbd5e1',
      ],
      'text-halo-color': '#05080f',
      'text-halo-width': 1.3,
    },
  },
];
const LINES: AddLayerObject[] = [
  {
    id: 'flight-track-line',
    type: 'line',
    source: TRACK_LINES,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#93c5fd', 'line-width': 2, 'line-opacity': 0.8 },
  },
];
const POINTS: AddLayerObject[] = [
  {
    id: 'flight-track-point',
    type: 'circle',
    source: TRACK_POINTS,
    paint: {
      'circle-radius': ['match', ['get', 'hazard'], 'none', 2, 3.5],
      'circle-color': ['get', 'color'],
      'circle-stroke-width': 0.5,
      'circle-stroke-color': '#05080f',
    },
  },
];

interface FlightsLayerProps {
  aircraft: readonly Aircraft[];
  /** The chosen aircraft's track, drawn under the icons. */
  track: FlightTrack | undefined;
  /** A click on an aircraft gives its address; a click elsewhere null. */
  onSelect: (icao24: string | null) => void;
}

/** Aircraft turned by their track and coloured by hazard, with callsign and flight level; the chosen one's track. */
export function FlightsLayer({ aircraft, track, onSelect }: FlightsLayerProps) {
  const map = useMap();
  const lines = useMapLayers(TRACK_LINES, EMPTY, LINES, 'top');
  const points = useMapLayers(TRACK_POINTS, EMPTY, POINTS, 'top');
  const planes = useMapLayers(AIRCRAFT, EMPTY, PLANE, 'top');
  const select = useRef(onSelect);
  select.current = onSelect;
  const features = useMemo(() => aircraftFeatures(aircraft), [aircraft]);
  const trackData = useMemo(() => trackFeatures(track), [track]);

  useEffect(() => addPlaneIcons(map), [map]);
  useEffect(() => {
    if (planes) void planes.setData(features);
  }, [planes, features]);
  useEffect(() => {
    if (lines) void lines.setData(trackData.lines);
    if (points) void points.setData(trackData.points);
  }, [lines, points, trackData]);

  useEffect(() => {
    if (!planes) return;
    const onClick = (event: MapMouseEvent) => {
      const { x, y } = event.point;
      const hit = map.queryRenderedFeatures(
        [
          [x - HIT_PX, y - HIT_PX],
          [x + HIT_PX, y + HIT_PX],
        ],
        { layers: PLANE_LAYERS.filter((id) => map.getLayer(id)) },
      )[0];
      select.current(hit ? String(hit.properties.icao24) : null);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    map.on('mouseenter', 'flight-plane', pointer);
    map.on('mouseleave', 'flight-plane', plain);
    return () => {
      map.off('click', onClick);
      map.off('mouseenter', 'flight-plane', pointer);
      map.off('mouseleave', 'flight-plane', plain);
    };
  }, [map, planes]);
  return null;
}
