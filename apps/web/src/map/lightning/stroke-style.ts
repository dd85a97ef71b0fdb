import type { CompactStroke } from '@thunderwatch/shared/strokes';
import type { Feature, Point } from 'geojson';
import type { FilterSpecification } from 'maplibre-gl';
import { NO_STROKE_FILTER, type StrokeFilter } from '../../lib/stroke-filter';
import { S } from '../../lib/stroke-store';

/**
 * How strokes look: colour by age (0–5, 5–15, 15–60 min), faded when older (replay only), CG a filled
 * dot, IC a ring, positive polarity outlined in white and marked + / − when zoomed in.
 * Each age class is a layer of its own with constant paint, so moving time changes filters only,
 * never a rebuild of the features nor a main-thread recomputation of their colours.
 */

const MINUTE = 60_000;

export const AGE_BINS = [
  { minutes: 5, color: '#ff453a' },
  { minutes: 15, color: '#ff9f0a' },
  { minutes: 60, color: '#ffd60a' },
] as const;
export const FADED_COLOR = '#8e9bb3';
/** In replay, strokes up to this long before the cursor stay on the map, faded. */
export const REPLAY_TRAIL_MIN = 180;
/** Live: how long the map shows a stroke. */
export const LIVE_WINDOW_MIN = 60;

export type StrokeMode = 'live' | 'replay';

/** 0, 1, 2 for the coloured bins, 3 for older (faded); strokes from the future count as newest. */
export function ageBin(ageMs: number): 0 | 1 | 2 | 3 {
  const minutes = ageMs / MINUTE;
  if (minutes < 5) return 0;
  if (minutes < 15) return 1;
  if (minutes < 60) return 2;
  return 3;
}

/** The age classes drawn, each as its own layer with a constant colour: newest first. */
export const AGE_LAYERS = [
  { bin: 0, fromMin: Number.NEGATIVE_INFINITY, toMin: 5, color: AGE_BINS[0].color, opacity: 1 },
  { bin: 1, fromMin: 5, toMin: 15, color: AGE_BINS[1].color, opacity: 1 },
  { bin: 2, fromMin: 15, toMin: 60, color: AGE_BINS[2].color, opacity: 1 },
  { bin: 3, fromMin: 60, toMin: REPLAY_TRAIL_MIN, color: FADED_COLOR, opacity: 0.35 },
] as const;

export type AgeLayer = (typeof AGE_LAYERS)[number];

/**
 * The strokes of one kind and age class at reference time `now`. Moving time changes only filters,
 * which MapLibre evaluates on its worker; a data-driven colour on `now` would recompute the paint of
 * every stroke on the main thread (hundreds of ms with 100k strokes).
 */
export function ageClassFilter(
  now: number,
  mode: StrokeMode,
  kind: 0 | 1,
  age: AgeLayer,
  filter: StrokeFilter = NO_STROKE_FILTER,
): FilterSpecification {
  const clauses: FilterSpecification[] = [
    ['==', ['get', 'k'], kind],
    timeFilter(now, mode),
    ...strokeFilterClauses(filter),
  ];
  // "Newer than fromMin" is open-ended for the newest class: strokes that arrived after the last restyle.
  if (Number.isFinite(age.fromMin)) clauses.push(['<=', ['get', 't'], now - age.fromMin * MINUTE]);
  clauses.push(['>', ['get', 't'], now - age.toMin * MINUTE]);
  return ['all', ...clauses] as FilterSpecification;
}

/**
 * Which strokes show at reference time `now`: live, the last hour (and anything newer, which arrived
 * after the last restyle); replay, what had happened by the cursor, with a faded trail.
 */
export function timeFilter(now: number, mode: StrokeMode): FilterSpecification {
  if (mode === 'live') return ['>', ['get', 't'], now - LIVE_WINDOW_MIN * MINUTE];
  return ['all', ['<=', ['get', 't'], now], ['>', ['get', 't'], now - REPLAY_TRAIL_MIN * MINUTE]];
}

/**
 * The times whose strokes the map's source holds at reference time `now` (from < t <= to): live, the last
 * hour and anything newer; replay, the trail up to the cursor. `timeFilter` draws the same strokes.
 */
export function sourceWindow(now: number, mode: StrokeMode): { from: number; to: number } {
  if (mode === 'live') return { from: now - LIVE_WINDOW_MIN * MINUTE, to: Number.POSITIVE_INFINITY };
  return { from: now - REPLAY_TRAIL_MIN * MINUTE, to: now };
}

/** Feature kind codes: `k` 0 = CG, 1 = IC; `p` the sign of the peak current, `a` its magnitude (kA). */
export function kindFilter(
  now: number,
  mode: StrokeMode,
  kind: 0 | 1,
  filter: StrokeFilter = NO_STROKE_FILTER,
): FilterSpecification {
  return [
    'all',
    ['==', ['get', 'k'], kind],
    timeFilter(now, mode),
    ...strokeFilterClauses(filter),
  ] as FilterSpecification;
}

/** The stroke filter (types, least |peak current|) as filter clauses; none when it filters nothing. */
export function strokeFilterClauses(filter: StrokeFilter): FilterSpecification[] {
  const clauses: FilterSpecification[] = [];
  if (filter.types.length < 2)
    clauses.push(['in', ['get', 'k'], ['literal', filter.types.map((t) => (t === 'IC' ? 1 : 0))]]);
  if (filter.minKa > 0) clauses.push(['>=', ['get', 'a'], filter.minKa]);
  return clauses;
}

/** A stroke as the map's feature: `t` time, `k` kind, `p` polarity sign, `a` |peak current| (kA). */
export function toFeature(s: CompactStroke): Feature<Point> {
  return {
    type: 'Feature',
    id: s[S.id],
    geometry: { type: 'Point', coordinates: [s[S.lon], s[S.lat]] },
    properties: { t: s[S.t], k: s[S.ic], p: Math.sign(s[S.ka]), a: Math.abs(s[S.ka]) },
  };
}
