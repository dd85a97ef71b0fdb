/**
 * Warning vocabulary shared by server and web: levels and their colours, default rings and their limits.
 * The HTTP shapes (locations, zones, live warnings, alarms, alerts) are the schemas in `schemas/`.
 */
import type { Ring } from './schemas/locations.js';

/** 3 red (alarm), 2 orange (warning), 1 yellow (attention), 0 clear. */
export const LEVELS = [0, 1, 2, 3] as const;
export type Level = (typeof LEVELS)[number];
/** The levels a ring can raise: all but clear. */
export const RING_LEVELS = [1, 2, 3] as const;
export type RingLevel = (typeof RING_LEVELS)[number];

/** CMA warning colours, indexed by level. */
export const LEVEL_COLOURS: Record<Level, string> = {
  0: '#2e9e4f',
  1: '#f5d000',
  2: '#ff8c00',
  3: '#e60012',
};

/** Industry defaults: 10 km red, 20 km orange, 30 km yellow, 30 min all-clear, 1 stroke in 1 min, IC counts. */
export const DEFAULT_RINGS: readonly Ring[] = [
  { radius_km: 10, level: 3, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
];

export const RING_LIMITS = {
  maxRings: 6,
  minRadiusKm: 0.1,
  maxRadiusKm: 200,
  maxAllClearMin: 240,
  maxMinStrokes: 1000,
  maxWindowMin: 120,
} as const;

// modules/notify imports these two from here; once it imports them from `schemas/warnings`, drop this line.
export type { AlarmDto, Approach } from './schemas/warnings.js';
