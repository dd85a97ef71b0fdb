import { bearingDeg, distanceKm } from '../geo/geodesy.js';

/** A storm cell's track over a period: where and when it was first and last seen. */
export interface CellTrack {
  firstMs: number;
  firstLat: number;
  firstLon: number;
  lastMs: number;
  lastLat: number;
  lastLon: number;
}

export interface RoseSector {
  /** Where storms moved to, clockwise from north: [from_deg, to_deg). */
  from_deg: number;
  to_deg: number;
  storms: number;
  mean_speed_kmh: number | null;
}

/** Tracks shorter than this, or that moved less, say nothing about a direction. */
export const ROSE_MIN_MINUTES = 20;
export const ROSE_MIN_KM = 5;
/** A rose of more sectors than degrees says nothing more, and its table must stay small. */
export const ROSE_MAX_SECTORS = 360;

/**
 * The rose of storm directions: each track's net motion (first to last position), counted in `sectors`
 * equal sectors centred on north (sector 0 is north ± half a sector), with the sector's mean speed.
 */
export function stormRose(
  tracks: readonly CellTrack[],
  sectors = 16,
): { sectors: RoseSector[]; storms: number } {
  // The table is allocated from `sectors`: 100,000,000 of them once filled V8's largest dictionary and
  // took the process down, so the count is checked before anything is allocated.
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > ROSE_MAX_SECTORS) {
    throw new RangeError(`sectors must be a whole number from 1 to ${ROSE_MAX_SECTORS}, not ${sectors}`);
  }
  const width = 360 / sectors;
  const counts = Array.from({ length: sectors }, () => ({ n: 0, speed: 0 }));
  let storms = 0;
  for (const t of tracks) {
    const minutes = (t.lastMs - t.firstMs) / 60_000;
    if (minutes < ROSE_MIN_MINUTES) continue;
    const km = distanceKm(t.firstLat, t.firstLon, t.lastLat, t.lastLon);
    if (km < ROSE_MIN_KM) continue;
    const bearing = bearingDeg(t.firstLat, t.firstLon, t.lastLat, t.lastLon);
    const sector = Math.floor(((((bearing + width / 2) % 360) + 360) % 360) / width) % sectors;
    const slot = counts[sector] as { n: number; speed: number };
    slot.n++;
    slot.speed += km / (minutes / 60);
    storms++;
  }
  return {
    storms,
    sectors: counts.map((c, i) => ({
      from_deg: (((i * width - width / 2) % 360) + 360) % 360,
      to_deg: (i * width + width / 2) % 360,
      storms: c.n,
      mean_speed_kmh: c.n > 0 ? Math.round((c.speed / c.n) * 10) / 10 : null,
    })),
  };
}
