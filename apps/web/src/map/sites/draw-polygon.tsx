import type { Feature, FeatureCollection } from 'geojson';
import type { AddLayerObject, Map as MapLibreMap, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import {
  addVertex,
  finish,
  insertVertex,
  MIN_VERTICES,
  midpoints,
  moveVertex,
  type PolygonDraft,
  removeVertex,
} from './polygon-draft';

const SOURCE = 'draw-polygon';
const COLOUR = '#facc15';
/** Pixels around a vertex or midpoint handle that still grab it. */
const GRAB_PX = 9;
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };
const kind = (k: string) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];

const LAYERS: AddLayerObject[] = [
  {
    id: 'draw-fill',
    type: 'fill',
    source: SOURCE,
    filter: kind('area'),
    paint: { 'fill-color': COLOUR, 'fill-opacity': 0.14 },
  },
  {
    id: 'draw-line',
    type: 'line',
    source: SOURCE,
    filter: ['all', kind('edge'), ['!', ['get', 'open']]],
    paint: { 'line-color': COLOUR, 'line-width': 2 },
  },
  {
    // A separate layer: MapLibre cannot switch the dash pattern per feature.
    id: 'draw-line-open',
    type: 'line',
    source: SOURCE,
    filter: ['all', kind('edge'), ['get', 'open']],
    paint: { 'line-color': COLOUR, 'line-width': 2, 'line-dasharray': [2, 1.5] },
  },
  {
    id: 'draw-midpoints',
    type: 'circle',
    source: SOURCE,
    filter: kind('midpoint'),
    paint: {
      'circle-radius': 4,
      'circle-color': '#07101f',
      'circle-stroke-color': COLOUR,
      'circle-stroke-width': 1.5,
    },
  },
  {
    id: 'draw-vertices',
    type: 'circle',
    source: SOURCE,
    filter: kind('vertex'),
    paint: {
      'circle-radius': ['case', ['get', 'first'], 7, 5.5],
      'circle-color': COLOUR,
      'circle-stroke-color': '#07101f',
      'circle-stroke-width': 2,
    },
  },
];

function draftFeatures(draft: PolygonDraft): FeatureCollection {
  const { vertices, closed } = draft;
  const features: Feature[] = [];
  if (vertices.length >= MIN_VERTICES) {
    features.push({
      type: 'Feature',
      properties: { kind: 'area' },
      geometry: { type: 'Polygon', coordinates: [[...vertices, vertices[0] as number[]]] },
    });
  }
  if (vertices.length >= 2) {
    features.push({
      type: 'Feature',
      properties: { kind: 'edge', open: !closed },
      geometry: {
        type: 'LineString',
        coordinates: closed ? [...vertices, vertices[0] as number[]] : vertices,
      },
    });
  }
  if (closed) {
    for (const m of midpoints(draft)) {
      features.push({
        type: 'Feature',
        properties: { kind: 'midpoint' },
        geometry: { type: 'Point', coordinates: m.at },
      });
    }
  }
  vertices.forEach((v, i) => {
    features.push({
      type: 'Feature',
      properties: { kind: 'vertex', first: i === 0 && !closed && vertices.length >= MIN_VERTICES },
      geometry: { type: 'Point', coordinates: v },
    });
  });
  return { type: 'FeatureCollection', features };
}

/** The index of the first position within GRAB_PX of the pointer, or -1. */
function grabbed(
  map: MapLibreMap,
  positions: readonly (readonly [number, number])[],
  event: MapMouseEvent,
): number {
  return positions.findIndex((p) => {
    const s = map.project([p[0], p[1]]);
    return Math.hypot(s.x - event.point.x, s.y - event.point.y) <= GRAB_PX;
  });
}

interface DrawPolygonProps {
  draft: PolygonDraft;
  onChange: (draft: PolygonDraft) => void;
}

/**
 * Draws and edits one polygon on the map. While open: a click adds a vertex; a double-click, or a click on
 * the first vertex, finishes it. Always: drag a vertex to move it, right-click it to delete it; once
 * finished, drag an edge's midpoint to add a vertex there. Controlled: the parent keeps the draft.
 * (Hand-made rather than terra-draw: that library finishes only on Enter or a click on the first point,
 * with no call for a "finish" button or a double-click, which people expect here.)
 */
export function DrawPolygon({ draft, onChange }: DrawPolygonProps) {
  const map = useMap();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'top');
  // Handlers read and write the latest draft at once: two clicks can come before React renders again.
  const current = useRef(draft);
  current.current = draft;
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    if (source) void source.setData(draftFeatures(draft));
  }, [source, draft]);

  useEffect(() => {
    if (!source) return;
    const update = (next: PolygonDraft) => {
      if (next === current.current) return;
      current.current = next;
      change.current(next);
    };
    let drag: { index: number; moved: boolean } | null = null;
    let suppressClick = false;

    const onDown = (event: MapMouseEvent) => {
      if (event.originalEvent.button !== 0) return;
      const draftNow = current.current;
      const vertex = grabbed(map, draftNow.vertices, event);
      if (vertex >= 0) {
        event.preventDefault();
        drag = { index: vertex, moved: false };
        return;
      }
      if (!draftNow.closed) return;
      const mids = midpoints(draftNow);
      const mid = grabbed(
        map,
        mids.map((m) => m.at),
        event,
      );
      if (mid < 0) return;
      event.preventDefault();
      const edge = mids[mid]?.index ?? 0;
      update(insertVertex(draftNow, edge, [event.lngLat.lng, event.lngLat.lat]));
      drag = { index: edge + 1, moved: true };
    };
    const onMove = (event: MapMouseEvent) => {
      if (drag) {
        drag.moved = true;
        update(moveVertex(current.current, drag.index, [event.lngLat.lng, event.lngLat.lat]));
        return;
      }
      const draftNow = current.current;
      const overVertex = grabbed(map, draftNow.vertices, event) >= 0;
      const overMid =
        draftNow.closed &&
        grabbed(
          map,
          midpoints(draftNow).map((m) => m.at),
          event,
        ) >= 0;
      map.getCanvas().style.cursor = overVertex || overMid ? 'move' : draftNow.closed ? '' : 'crosshair';
    };
    const onUp = () => {
      if (drag?.moved) suppressClick = true;
      drag = null;
    };
    const onClick = (event: MapMouseEvent) => {
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      const draftNow = current.current;
      if (draftNow.closed) return;
      const vertex = grabbed(map, draftNow.vertices, event);
      if (vertex === 0 && draftNow.vertices.length >= MIN_VERTICES) return update(finish(draftNow));
      // A click on the vertex just placed is the first half of a double-click: wait for it.
      if (vertex >= 0) return;
      update(addVertex(draftNow, [event.lngLat.lng, event.lngLat.lat]));
    };
    const onDoubleClick = (event: MapMouseEvent) => {
      event.preventDefault();
      if (!current.current.closed) update(finish(current.current));
    };
    const onContextMenu = (event: MapMouseEvent) => {
      const vertex = grabbed(map, current.current.vertices, event);
      if (vertex < 0) return;
      event.originalEvent.preventDefault();
      update(removeVertex(current.current, vertex));
    };

    map.on('mousedown', onDown);
    map.on('mousemove', onMove);
    map.on('mouseup', onUp);
    map.on('click', onClick);
    map.on('dblclick', onDoubleClick);
    map.on('contextmenu', onContextMenu);
    return () => {
      map.off('mousedown', onDown);
      map.off('mousemove', onMove);
      map.off('mouseup', onUp);
      map.off('click', onClick);
      map.off('dblclick', onDoubleClick);
      map.off('contextmenu', onContextMenu);
      map.getCanvas().style.cursor = '';
    };
  }, [map, source]);

  return null;
}
