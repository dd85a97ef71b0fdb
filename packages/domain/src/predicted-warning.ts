import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import { insideRing, type LatLon, localPlane, ringToPlane } from './cell-plane.js';
import { distanceKm } from './geodesy.js';

/**
 * Predicted warnings: a lightning jump near a location raises an early warning before any ring fires.
 * - A threat: a cell flagged with a jump in the latest tracker step whose outline, or its +30 min nowcast,
 *   comes within `rangeKm` of the location (the distance from the location's shape to the polygon's
 *   boundary, edges sampled every 2 km; 0 when the location's site is inside it).
 * - The location is `predicted` at the configured level from the first threat, and stays so until no
 *   threat has been seen for the all-clear time (that of the ring of the configured level).
 * - A ring that fires takes over: while the rings' level is above 0 the prediction is off; it may come
 *   back once they clear and a threat is still fresh.
 * - Disabled (the default), the location is never predicted.
 */
export interface PredictSetting {
  enabled: boolean;
  rangeKm: number;
  level: RingLevel;
}

/** A cell as the rule needs it: closed GeoJSON rings of [lon, lat]. */
export interface PredictCell {
  jump: boolean;
  centroid: LatLon;
  ring: readonly (readonly [number, number])[];
  /** The +30 min nowcast polygon, if any. */
  nowcast30: readonly (readonly [number, number])[] | null;
}

export interface PredictedState {
  /** The predicted level, 0 when not predicted. */
  level: Level;
  /** When it began (epoch ms), null while 0. */
  sinceMs: number | null;
  /** The last step that saw a threat, null before any. */
  lastThreatMs: number | null;
}

export const INITIAL_PREDICTED: PredictedState = { level: 0, sinceMs: null, lastThreatMs: null };

const SAMPLE_KM = 2;

/** Distance from the location to a polygon's boundary (0 when its site is inside), km. */
function distanceToPolygon(
  ring: readonly (readonly [number, number])[],
  site: LatLon,
  toLocationKm: (lat: number, lon: number) => number,
): number {
  const plane = localPlane(site);
  const xy = ringToPlane(plane, ring);
  if (insideRing(xy, 0, 0)) return 0;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [lon1, lat1] = ring[i] as readonly [number, number];
    const [lon2, lat2] = ring[i + 1] as readonly [number, number];
    const steps = Math.max(1, Math.ceil(distanceKm(lat1, lon1, lat2, lon2) / SAMPLE_KM));
    for (let k = 0; k < steps; k++) {
      const f = k / steps;
      best = Math.min(best, toLocationKm(lat1 + (lat2 - lat1) * f, lon1 + (lon2 - lon1) * f));
    }
  }
  return best;
}

/**
 * Whether a jumping cell threatens the location: its outline or its +30 min nowcast within `rangeKm`.
 * `site` is a point of the location (inside tests), `toLocationKm` the distance from a point to its shape.
 */
export function jumpThreat(
  cells: readonly PredictCell[],
  site: LatLon,
  toLocationKm: (lat: number, lon: number) => number,
  rangeKm: number,
): boolean {
  return cells.some(
    (c) =>
      c.jump &&
      [c.ring, c.nowcast30].some(
        (ring) => ring !== null && distanceToPolygon(ring, site, toLocationKm) <= rangeKm,
      ),
  );
}

/**
 * The predicted-warning rule, one evaluation at `nowMs`: the new state from the old one, whether a threat
 * is seen now, the level of the location's rings and the all-clear time. Pure; the live engine and the
 * backtest both call it.
 */
export function nextPredicted(
  setting: PredictSetting | null,
  state: PredictedState,
  input: { threat: boolean; ringLevel: Level; nowMs: number; allClearMs: number },
): PredictedState {
  if (!setting?.enabled) return INITIAL_PREDICTED;
  const lastThreatMs = input.threat ? input.nowMs : state.lastThreatMs;
  const fresh = lastThreatMs !== null && input.nowMs - lastThreatMs < input.allClearMs;
  if (!fresh || input.ringLevel > 0) return { level: 0, sinceMs: null, lastThreatMs };
  if (state.level === setting.level) return { ...state, lastThreatMs };
  return { level: setting.level, sinceMs: input.nowMs, lastThreatMs };
}

/** The level a location shows: its rings' when they fire, else the predicted one. */
export function shownLevel(
  ringLevel: Level,
  predicted: PredictedState,
): { level: Level; predicted: boolean } {
  if (ringLevel > 0 || predicted.level === 0) return { level: ringLevel, predicted: false };
  return { level: predicted.level, predicted: true };
}
