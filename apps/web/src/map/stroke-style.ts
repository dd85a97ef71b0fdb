import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';

/**
 * How strokes look: colour by age (0–5, 5–15, 15–60 min), faded when older (replay only), CG a filled
 * dot, IC a ring, positive polarity outlined in white and marked + / − when zoomed in.
 * Age is an expression on a reference time, so moving time costs one restyle of the layers, never a
 * rebuild of the features.
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

const age = (now: number): ExpressionSpecification => ['-', now, ['get', 't']];

export function ageColor(now: number): ExpressionSpecification {
  const [b0, b1, b2] = AGE_BINS;
  return [
    'step',
    age(now),
    b0.color,
    b0.minutes * MINUTE,
    b1.color,
    b1.minutes * MINUTE,
    b2.color,
    b2.minutes * MINUTE,
    FADED_COLOR,
  ];
}

export function ageOpacity(now: number): ExpressionSpecification {
  return ['step', age(now), 1, LIVE_WINDOW_MIN * MINUTE, 0.35];
}

/**
 * Which strokes show at reference time `now`: live, the last hour (and anything newer, which arrived
 * after the last restyle); replay, what had happened by the cursor, with a faded trail.
 */
export function timeFilter(now: number, mode: StrokeMode): FilterSpecification {
  if (mode === 'live') return ['>', ['get', 't'], now - LIVE_WINDOW_MIN * MINUTE];
  return ['all', ['<=', ['get', 't'], now], ['>', ['get', 't'], now - REPLAY_TRAIL_MIN * MINUTE]];
}

/** Feature kind codes: `k` 0 = CG, 1 = IC; `p` the sign of the peak current. */
export function kindFilter(now: number, mode: StrokeMode, kind: 0 | 1): FilterSpecification {
  return ['all', ['==', ['get', 'k'], kind], timeFilter(now, mode)] as FilterSpecification;
}
