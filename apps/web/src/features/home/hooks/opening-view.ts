import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto, UserMapData } from '@thunderwatch/shared/schemas/locations';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { S } from '../../../lib/stroke-store';
import type { MapViewState } from '../../../map/map-view';
import { boundsOf, outerBounds } from '../../../map/sites/ring-geometry';

/**
 * Where the home map opens when the address names no view: the view the user saved, else around their
 * locations and rings, else around the last hour's strokes, else where it started (the default).
 */
export type Opening =
  | { kind: 'wait' }
  | { kind: 'stay' }
  | { kind: 'view'; view: MapViewState }
  | { kind: 'bounds'; bounds: [Position, Position]; reason: 'locations' | 'strokes' };

export interface OpeningInput {
  /** The address carried `?lat=&lon=&zoom=`: the map already opened there. */
  fromAddress: boolean;
  /** The user's map data; undefined while it loads. */
  mapData:
    | (Pick<UserMapData, 'saved' | 'center' | 'zoom'> & { locations: readonly LocationDto[] })
    | undefined;
  /** The last hour's strokes; null while they load. */
  recentStrokes: readonly CompactStroke[] | null;
}

/** The share of strokes left out at each edge, so one stray stroke far away does not zoom the map out. */
const STROKE_TRIM = 0.02;

export function chooseOpening({ fromAddress, mapData, recentStrokes }: OpeningInput): Opening {
  if (fromAddress) return { kind: 'stay' };
  if (!mapData) return { kind: 'wait' };
  if (mapData.saved) return { kind: 'view', view: { center: mapData.center, zoom: mapData.zoom } };
  const around = locationsBounds(mapData.locations);
  if (around) return { kind: 'bounds', bounds: around, reason: 'locations' };
  if (recentStrokes === null) return { kind: 'wait' };
  const strokes = strokesBounds(recentStrokes);
  return strokes ? { kind: 'bounds', bounds: strokes, reason: 'strokes' } : { kind: 'stay' };
}

/** The box around the enabled locations and their outermost rings. */
export function locationsBounds(locations: readonly LocationDto[]): [Position, Position] | null {
  const corners = locations
    .filter((location) => location.enabled)
    .flatMap(
      (location) =>
        outerBounds(
          location.shape,
          location.rings.map((ring) => ring.radius_km),
        ) ?? [],
    );
  return boundsOf(corners);
}

/** The box holding all but the outermost 2 % of strokes at each side. */
export function strokesBounds(strokes: readonly CompactStroke[]): [Position, Position] | null {
  if (strokes.length === 0) return null;
  const lons = strokes.map((stroke) => stroke[S.lon]).sort((a, b) => a - b);
  const lats = strokes.map((stroke) => stroke[S.lat]).sort((a, b) => a - b);
  const low = Math.floor((strokes.length - 1) * STROKE_TRIM);
  const high = strokes.length - 1 - low;
  return [
    [lons[low] as number, lats[low] as number],
    [lons[high] as number, lats[high] as number],
  ];
}
