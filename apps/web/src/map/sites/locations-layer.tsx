import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { chooseLabelCandidate, LABEL_GAP, type LabelSide } from '../label-placement';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import { labelAnchor, labelImageId, labelScreenSize, provideLabelImages } from './location-labels';
import { LocationRingsLayer } from './location-rings-layer';
import { outerBounds } from './ring-geometry';

const LABELS = 'location-labels';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };
const LABEL_LAYERS: AddLayerObject[] = [
  {
    id: LABELS,
    type: 'symbol',
    source: LABELS,
    layout: {
      'icon-image': ['get', 'image'],
      // Beside the outer ring on the side `placeLabels` chose (see label-placement.ts).
      'icon-anchor': ['match', ['get', 'side'], 'above', 'bottom', 'right', 'left', 'left', 'right', 'top'],
      'icon-offset': ['get', 'offset'],
      // Where labels collide, the higher level wins.
      'symbol-sort-key': ['-', 3, ['get', 'level']],
    },
  },
];

/** Where each ring's edges are: below, above, right and left of the location, then the location itself. */
function geoCandidates(location: LocationDto): { side: LabelSide; at: Position }[] {
  const anchor = labelAnchor(location.shape);
  const box = outerBounds(
    location.shape,
    location.rings.map((ring) => ring.radius_km),
  );
  if (!box) return [{ side: 'below', at: anchor }];
  const [[west, south], [east, north]] = box;
  const [lon, lat] = [(west + east) / 2, (south + north) / 2];
  return [
    { side: 'below', at: [lon, south] },
    { side: 'above', at: [lon, north] },
    { side: 'right', at: [east, lat] },
    { side: 'left', at: [west, lat] },
    { side: 'below', at: anchor },
    { side: 'above', at: anchor },
  ];
}

/** The icon offset that puts a label `LABEL_GAP` clear of the ring on `side`, slid by `shift` along it. */
function labelOffset(side: LabelSide, shift: number): [number, number] {
  switch (side) {
    case 'below':
      return [shift, LABEL_GAP];
    case 'above':
      return [shift, -LABEL_GAP];
    case 'right':
      return [LABEL_GAP, shift];
    case 'left':
      return [-LABEL_GAP, shift];
  }
}

/** The names of the locations, in pills of their level colour, each placed clear of its ring and the edge. */
export function placeLabels(map: MapLibreMap, locations: readonly LocationDto[]): FeatureCollection {
  const canvas = map.getCanvas();
  const viewport = { width: canvas.clientWidth, height: canvas.clientHeight };
  return {
    type: 'FeatureCollection',
    features: locations.map((location) => {
      const geo = geoCandidates(location);
      const onScreen = geo.map(({ side, at }) => {
        const { x, y } = map.project(at as [number, number]);
        return { side, at: [x, y] as const };
      });
      const chosen = chooseLabelCandidate(onScreen, labelScreenSize(location.name), viewport);
      const index = chosen ? onScreen.findIndex((c) => c.side === chosen.side && c.at === chosen.at) : 0;
      const place = geo[index] ?? { side: 'below' as const, at: labelAnchor(location.shape) };
      return {
        type: 'Feature',
        id: location.id,
        properties: {
          image: labelImageId(location.level, location.name),
          level: location.level,
          side: place.side,
          offset: labelOffset(place.side, chosen?.shift ?? 0),
        },
        geometry: { type: 'Point', coordinates: place.at },
      };
    }),
  };
}

/** Location names alone, for maps that draw the rings themselves; placed again after each move. */
export function LocationLabelsLayer({ locations }: { locations: readonly LocationDto[] }) {
  const map = useMap();
  const source = useMapLayers(LABELS, SOURCE_SPEC, LABEL_LAYERS, 'top');
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
  const data = useMemo(() => placeLabels(map, locations), [map, locations, moves]);
  useEffect(() => provideLabelImages(map), [map]);
  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);
  return null;
}

/**
 * My locations on the home map: rings as geodesic outlines in their ring-level colours, the location
 * filled in its current level's colour, and its name. The sources are set again only when `locations`
 * changes, which the caller keeps to real changes (a level, not every stroke count).
 */
export function LocationsLayer({ locations }: { locations: readonly LocationDto[] }) {
  return (
    <>
      <LocationRingsLayer locations={locations} id="home-locations" />
      <LocationLabelsLayer locations={locations} />
    </>
  );
}
