import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { type Box, LABEL_GAP, type LabelSide, placeSiteLabels } from '../label-placement';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import { labelImageId, labelScreenSize, provideLabelImages } from './location-labels';

/** A name to show beside a marker on the map: a location's, a device's. */
export interface NameLabel {
  id: number | string;
  at: Position;
  name: string;
  /** The pill's colour (`#rrggbb`): a location's level, a device's status. */
  colour: string;
  /** Higher placed first (and drawn on top). */
  priority: number;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };

const layersOf = (id: string): AddLayerObject[] => [
  {
    id,
    type: 'symbol',
    source: id,
    layout: {
      'icon-image': ['get', 'image'],
      // Beside the marker on the side `placeNameLabels` chose (see label-placement.ts).
      'icon-anchor': ['match', ['get', 'side'], 'above', 'bottom', 'right', 'left', 'left', 'right', 'top'],
      'icon-offset': ['get', 'offset'],
      // Never hidden by MapLibre's collisions (a new site had no name): placeNameLabels keeps them apart, and
      // they still hide the basemap's city names they would cover.
      'icon-allow-overlap': true,
      'symbol-sort-key': ['-', 0, ['get', 'priority']],
    },
  },
];

/** The icon offset that puts a label beside a marker of `markerRadius` on `side`. */
function labelOffset(side: LabelSide, markerRadius: number): [number, number] {
  const gap = markerRadius + LABEL_GAP;
  switch (side) {
    case 'below':
      return [0, gap];
    case 'above':
      return [0, -gap];
    case 'right':
      return [gap, 0];
    case 'left':
      return [-gap, 0];
  }
}

/**
 * The boxes, in the canvas's pixels, of what floats over the map, so no name hides under them: the children of
 * `[data-map-overlay]` columns (a screen's counters, layer switcher), or the element itself when it is one
 * panel (`data-map-overlay="self"`, the time bar).
 */
function panelsOver(canvas: HTMLCanvasElement): Box[] {
  const origin = canvas.getBoundingClientRect();
  const boxes: Box[] = [];
  for (const overlay of document.querySelectorAll<HTMLElement>('[data-map-overlay]')) {
    const panels = overlay.dataset.mapOverlay === 'self' ? [overlay] : [...overlay.children];
    for (const child of panels) {
      const r = child.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      boxes.push({
        x0: r.left - origin.left,
        y0: r.top - origin.top,
        x1: r.right - origin.left,
        y1: r.bottom - origin.top,
      });
    }
  }
  return boxes;
}

/** Each name beside its marker, clear of the other names and markers, the panels over the map and its edge. */
export function placeNameLabels(
  map: MapLibreMap,
  labels: readonly NameLabel[],
  markerRadius: number,
): FeatureCollection {
  const canvas = map.getCanvas();
  const viewport = { width: canvas.clientWidth, height: canvas.clientHeight };
  const sides = placeSiteLabels(
    labels.map((label) => {
      const { x, y } = map.project(label.at as [number, number]);
      return {
        id: label.id,
        at: [x, y] as const,
        size: labelScreenSize(label.name),
        priority: label.priority,
      };
    }),
    viewport,
    markerRadius,
    panelsOver(canvas),
  );
  return {
    type: 'FeatureCollection',
    features: labels.map((label) => {
      const side = sides.get(label.id) ?? 'right';
      return {
        type: 'Feature',
        id: label.id,
        properties: {
          image: labelImageId(label.colour, label.name),
          priority: label.priority,
          side,
          offset: labelOffset(side, markerRadius),
        },
        geometry: { type: 'Point', coordinates: label.at },
      };
    }),
  };
}

/**
 * Names beside their markers (`markerRadius` on screen), placed again after each move; a map may have several
 * (each its own `id`), sharing its one resolver of label images (location-labels.ts).
 */
export function NameLabelsLayer({
  id,
  labels,
  markerRadius,
}: {
  id: string;
  labels: readonly NameLabel[];
  markerRadius: number;
}) {
  const map = useMap();
  const layers = useMemo(() => layersOf(id), [id]);
  const source = useMapLayers(id, SOURCE_SPEC, layers, 'top');
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    const moved = () => setMoves((count) => count + 1);
    map.on('moveend', moved);
    map.on('resize', moved);
    return () => {
      map.off('moveend', moved);
      map.off('resize', moved);
    };
  }, [map]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `moves` marks a new view
  const data = useMemo(() => placeNameLabels(map, labels, markerRadius), [map, labels, markerRadius, moves]);
  useEffect(() => provideLabelImages(map), [map]);
  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);
  return null;
}
