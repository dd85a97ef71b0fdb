import type { NearAircraft } from '@thunderwatch/shared/schemas/flights';

const RANK = { inside: 0, near: 1, none: 2 } as const;

/** The rows of an airport's view: inside a cell first, then near lightning, then clear; nearest first within each. */
export function aviationRows(items: readonly NearAircraft[], max = 30): NearAircraft[] {
  return [...items]
    .sort((a, b) => RANK[a.hazard] - RANK[b.hazard] || a.distance_km - b.distance_km)
    .slice(0, max);
}

/** How many aircraft of each hazard. */
export function hazardCounts(items: readonly NearAircraft[]): Record<NearAircraft['hazard'], number> {
  const counts = { none: 0, near: 0, inside: 0 };
  for (const a of items) counts[a.hazard] += 1;
  return counts;
}

/** Altitude in metres, rounded to 10 m (unknown: null). */
export function altitudeText(a: Pick<NearAircraft, 'altitude_m' | 'on_ground'>): string | null {
  if (a.on_ground) return null;
  return a.altitude_m === null ? null : String(Math.round(a.altitude_m / 10) * 10);
}
