import type { Ring } from './schemas/locations.js';

/** Industry defaults: 10 km red, 20 km orange, 30 km yellow, 30 min all-clear, 1 stroke in 1 min, IC counts. */
export const DEFAULT_RINGS: readonly Ring[] = [
  { radius_km: 10, level: 3, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
];
