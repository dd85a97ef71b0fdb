import { destinationPoint } from '@thunderwatch/domain/geo/geodesy';
import type {
  CellCollection,
  CellFeature,
  CellLifecycle,
  CellTrack,
  CellTracks,
  CellTrend,
} from '@thunderwatch/shared/schemas/cells';
import type { Feature, FeatureCollection, LineString, Point, Polygon, Position } from 'geojson';

/**
 * Storm cells as map features, all in one GeoJSON source told apart by `kind` (one `setData` per change):
 * - `hull`: the cell's outline, coloured by lifecycle, outlined by trend; a lightning jump stands out (a
 *   bold outline in JUMP_COLOR, and a bolt for its `centre`);
 * - `cone`: the nowcast polygons (+15/+30/+60 min), fainter the further ahead, with a `lead` label point;
 * - `track`: the centroid history as segments fading with age, `track-jump` the steps that jumped;
 * - `arrow`: the motion for the next 30 min from the centroid, with its head (`arrow-head`) at the tip.
 * The `centre` marks go to a second source drawn above the strokes, so a cell buried under its own strokes
 * can still be picked.
 */

export type CellFeatureKind =
  | 'hull'
  | 'centre'
  | 'cone'
  | 'lead'
  | 'track'
  | 'track-jump'
  | 'arrow'
  | 'arrow-head';

export const LIFECYCLE_COLORS: Record<CellLifecycle, string> = {
  born: '#22d3ee',
  growing: '#facc15',
  mature: '#fb923c',
  decaying: '#94a3b8',
  merged: '#a78bfa',
  split: '#34d399',
};
/** A lightning jump: the one colour no lifecycle uses. */
export const JUMP_COLOR = '#ff2bd6';
/** Outline width by trend: a growing cell's edge is bold, a decaying one's thin (and dashed, see the layer). */
export const TREND_WIDTHS: Record<CellTrend, number> = { growing: 2.5, steady: 1.5, decaying: 1 };
export const JUMP_WIDTH = 4;
/** How long a track is drawn behind the time shown. */
export const TRACK_WINDOW_MIN = 60;
/** The motion arrow shows where the centroid goes in this many minutes. */
export const ARROW_LEAD_MIN = 30;
/** Slower cells are called stationary: no arrow. */
export const STATIONARY_KMH = 2;

const MINUTE_MS = 60_000;

/** A nowcast polygon's fill opacity: the nearest lead boldest, then fading with lead time. */
export function coneOpacity(leadMin: number): number {
  return Math.round(Math.max(0.06, 0.3 - leadMin * 0.004) * 1000) / 1000;
}

/** A track segment's opacity by the age of its newer end: 1 now, fading to 0.15 at TRACK_WINDOW_MIN. */
export function trackOpacity(ageMin: number): number {
  const fraction = Math.min(1, Math.max(0, ageMin / TRACK_WINDOW_MIN));
  return Math.round((1 - 0.85 * fraction) * 1000) / 1000;
}

type Props = Record<string, string | number | boolean>;
const feature = <G extends Polygon | LineString | Point>(geometry: G, properties: Props): Feature<G> => ({
  type: 'Feature',
  geometry,
  properties,
});

export function hullFeature(cell: CellFeature): Feature<Polygon> {
  const p = cell.properties;
  return feature(
    { type: 'Polygon', coordinates: cell.geometry.coordinates },
    {
      kind: 'hull',
      id: p.id,
      color: LIFECYCLE_COLORS[p.lifecycle],
      edge: p.jump ? JUMP_COLOR : LIFECYCLE_COLORS[p.lifecycle],
      width: p.jump ? JUMP_WIDTH : TREND_WIDTHS[p.trend],
      decaying: p.trend === 'decaying',
      jump: p.jump,
    },
  );
}

/** The mark at a cell's centroid: a dot in its colour, or a bolt when it jumped in the step shown. */
export function centreFeature(cell: CellFeature): Feature<Point> {
  const p = cell.properties;
  return feature(
    { type: 'Point', coordinates: [...p.centroid] },
    { kind: 'centre', id: p.id, color: LIFECYCLE_COLORS[p.lifecycle], jump: p.jump },
  );
}

/** The vertex of a ring furthest along `directionDeg` (where its lead label goes: the cone's leading edge). */
export function leadingVertex(ring: readonly Position[], directionDeg: number): Position | null {
  const rad = (directionDeg * Math.PI) / 180;
  const east = Math.sin(rad);
  const north = Math.cos(rad);
  let best: Position | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const v of ring) {
    const [lon, lat] = v;
    if (lon === undefined || lat === undefined) continue;
    // Longitude degrees shrink towards the poles: project before comparing.
    const score = lon * Math.cos((lat * Math.PI) / 180) * east + lat * north;
    if (score > bestScore) {
      bestScore = score;
      best = [lon, lat];
    }
  }
  return best;
}

/** A cell's nowcast polygons, furthest lead first (so the nearer draw on top), and their label points. */
export function coneFeatures(cell: CellFeature): Feature<Polygon | Point>[] {
  const p = cell.properties;
  const color = p.jump ? JUMP_COLOR : LIFECYCLE_COLORS[p.lifecycle];
  const direction = p.motion?.direction_deg ?? 0;
  const cones = [...p.nowcast].sort((a, b) => b.lead_min - a.lead_min);
  const out: Feature<Polygon | Point>[] = [];
  for (const cone of cones) {
    const base = { id: p.id, lead: cone.lead_min, color };
    out.push(
      feature(
        { type: 'Polygon', coordinates: cone.geometry.coordinates },
        { ...base, kind: 'cone', opacity: coneOpacity(cone.lead_min) },
      ),
    );
    const tip = leadingVertex(cone.geometry.coordinates[0] ?? [], direction);
    if (tip) out.push(feature({ type: 'Point', coordinates: tip }, { ...base, kind: 'lead' }));
  }
  return out;
}

/** The motion arrow: a shaft from the centroid to where it is expected in ARROW_LEAD_MIN, and its head. */
export function arrowFeatures(cell: CellFeature): Feature<LineString | Point>[] {
  const p = cell.properties;
  if (!p.motion || p.motion.speed_kmh < STATIONARY_KMH) return [];
  const [lon, lat] = p.centroid;
  const km = (p.motion.speed_kmh * ARROW_LEAD_MIN) / 60;
  const tip = destinationPoint(lat, lon, p.motion.direction_deg, km);
  const props = { id: p.id, direction: p.motion.direction_deg };
  return [
    feature(
      {
        type: 'LineString',
        coordinates: [
          [lon, lat],
          [tip.lon, tip.lat],
        ],
      },
      { ...props, kind: 'arrow' },
    ),
    feature({ type: 'Point', coordinates: [tip.lon, tip.lat] }, { ...props, kind: 'arrow-head' }),
  ];
}

/**
 * A track's segments between consecutive steps within TRACK_WINDOW_MIN before `shownMs` (none after it),
 * each coloured by the lifecycle at its newer end and fading with that end's age; jumped steps as points.
 */
export function trackFeatures(track: CellTrack, shownMs: number): Feature<LineString | Point>[] {
  const from = shownMs - TRACK_WINDOW_MIN * MINUTE_MS;
  const steps = track.steps.filter((s) => {
    const t = Date.parse(s.time);
    return t >= from && t <= shownMs;
  });
  const out: Feature<LineString | Point>[] = [];
  steps.forEach((step, i) => {
    const ageMin = (shownMs - Date.parse(step.time)) / MINUTE_MS;
    const props = { id: track.id, opacity: trackOpacity(ageMin), color: LIFECYCLE_COLORS[step.lifecycle] };
    const previous = steps[i - 1];
    if (previous) {
      out.push(
        feature(
          { type: 'LineString', coordinates: [[...previous.centroid], [...step.centroid]] },
          { ...props, kind: 'track' },
        ),
      );
    }
    if (step.jump)
      out.push(feature({ type: 'Point', coordinates: [...step.centroid] }, { ...props, kind: 'track-jump' }));
  });
  return out;
}

export interface CellMapData {
  /** Cones, tracks, hulls and arrows, drawn under the strokes in this order. */
  shapes: FeatureCollection;
  /** Centre marks, drawn over the strokes. */
  marks: FeatureCollection;
}

/** Everything the cell layer draws. Without cells, tracks alone (a replay before the first step). */
export function cellMapData(
  cells: CellCollection | undefined,
  tracks: CellTracks | undefined,
  shownMs: number,
): CellMapData {
  const shapes: Feature[] = [];
  const list = cells?.features ?? [];
  for (const cell of list) shapes.push(...coneFeatures(cell));
  for (const track of tracks?.items ?? []) shapes.push(...trackFeatures(track, shownMs));
  for (const cell of list) shapes.push(hullFeature(cell));
  for (const cell of list) shapes.push(...arrowFeatures(cell));
  return {
    shapes: { type: 'FeatureCollection', features: shapes },
    marks: { type: 'FeatureCollection', features: list.map(centreFeature) },
  };
}
