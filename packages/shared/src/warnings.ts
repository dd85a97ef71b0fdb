/**
 * Warning vocabulary shared by server and web: levels and their colours, the limits of rings (their
 * defaults are in `default-rings.ts`). The HTTP shapes (locations, zones, live warnings, alarms, alerts)
 * are the schemas in `schemas/`.
 */

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

export const RING_LIMITS = {
  maxRings: 6,
  minRadiusKm: 0.1,
  maxRadiusKm: 200,
  maxAllClearMin: 240,
  maxMinStrokes: 1000,
  maxWindowMin: 120,
} as const;

/** Predicted warnings (lightning jumps): a location's range and its default. */
export const PREDICT_LIMITS = {
  minRangeKm: 1,
  maxRangeKm: 200,
  defaultRangeKm: 40,
} as const;

/** The rules advisor (POST /api/warning/advise): the longest window one advice replays, in days. */
export const ADVISE_MAX_DAYS = 92;
/** The advisor's default objective's least POD. */
export const ADVISE_DEFAULT_MIN_POD = 0.8;
/** The advisor's default most FAR of `most_lead_at_far`. */
export const ADVISE_DEFAULT_MAX_FAR = 0.3;
