import { nameIn } from '@thunderwatch/shared/names';
import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level } from '@thunderwatch/shared/warnings';

/** Pure rules of the wall board: what a tile says and where it goes. */

/** Time left until the all-clear as mm:ss (minutes keep counting past 59: all-clear times reach 240 min). */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight compass points; each covers 45° centred on it (N is 337.5°–22.5°). */
export function compassPoint(bearingDeg: number): CompassPoint {
  const normalised = ((bearingDeg % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(normalised / 45) % 8] as CompassPoint;
}

/** Whole degrees in [0, 360): 359.6° reads as 0°, not 360°. */
export const wholeDegrees = (deg: number) => Math.round(((deg % 360) + 360) % 360) % 360;

export const formatKm = (km: number) => km.toFixed(1);

/** Highest level first, then by the name the reader reads (`nameIn`), in their language's order. */
export function sortTiles(
  items: readonly WarningItem[],
  compareNames: (a: string, b: string) => number,
  language: string,
) {
  return [...items].sort(
    (a, b) =>
      b.level - a.level ||
      compareNames(nameIn(language, a), nameIn(language, b)) ||
      a.location_id - b.location_id,
  );
}

/** Locations per level, index = level. */
export function levelCounts(items: readonly WarningItem[]): Record<Level, number> {
  const counts: Record<Level, number> = { 0: 0, 1: 0, 2: 0, 3: 0 };
  for (const item of items) counts[item.level] += 1;
  return counts;
}

export type Eta = { kind: 'inside' } | { kind: 'not_expected' } | { kind: 'minutes'; minutes: number };

/** What to say about a storm's ETA to a ring: already inside, not expected, or in whole minutes (≥ 1). */
export function describeEta(etaMin: number | null): Eta {
  if (etaMin === null || !Number.isFinite(etaMin)) return { kind: 'not_expected' };
  if (etaMin <= 0) return { kind: 'inside' };
  return { kind: 'minutes', minutes: Math.max(1, Math.round(etaMin)) };
}

/** Milliseconds until the all-clear, or null when there is no countdown running. */
export function allClearRemaining(
  item: Pick<WarningItem, 'all_clear_at' | 'level'>,
  now: number,
): number | null {
  if (item.level === 0 || item.all_clear_at === null) return null;
  const at = Date.parse(item.all_clear_at);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
