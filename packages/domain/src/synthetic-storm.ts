import type { CellFlash } from './cell-tracker.js';
import { destinationPoint } from './geodesy.js';
import { createRandom } from './random.js';

/**
 * Constructed flash series for the cell tracker's tests and benchmark: cells of a given size that move at a
 * steady velocity with a flash rate given minute by minute. Deterministic for a seed.
 */
export interface SyntheticCell {
  /** Where the cell's centre is at minute 0. */
  lat: number;
  lon: number;
  /** Velocity, km/h towards east and north. */
  eastKmh?: number;
  northKmh?: number;
  /** Flashes scatter round the centre with this standard deviation, km. */
  sigmaKm: number;
  /** Flashes in minute `m` (minutes after t0; the minute is [t0 + m min, t0 + (m + 1) min)). */
  perMin: (m: number) => number;
  cgShare?: number;
}

const MIN_MS = 60_000;

/** The flashes of the cells from minute `fromMin` to before `toMin` after `t0`, in time order. */
export function syntheticFlashes(
  cells: readonly SyntheticCell[],
  t0: number,
  fromMin: number,
  toMin: number,
  seed = 1,
): CellFlash[] {
  const rng = createRandom(seed);
  const out: CellFlash[] = [];
  for (let m = fromMin; m < toMin; m++) {
    for (const c of cells) {
      const n = Math.max(0, Math.round(c.perMin(m)));
      for (let i = 0; i < n; i++) {
        const offset = ((i + rng.next()) / n) * MIN_MS;
        const hours = (m * MIN_MS + offset) / 3_600_000;
        const east = (c.eastKmh ?? 0) * hours + rng.normal(0, c.sigmaKm);
        const north = (c.northKmh ?? 0) * hours + rng.normal(0, c.sigmaKm);
        const p = destinationPoint(
          c.lat,
          c.lon,
          (Math.atan2(east, north) * 180) / Math.PI,
          Math.hypot(east, north),
        );
        out.push({
          timeMs: t0 + m * MIN_MS + offset,
          lat: p.lat,
          lon: p.lon,
          cg: rng.chance(c.cgShare ?? 0.2),
        });
      }
    }
  }
  return out.sort((a, b) => a.timeMs - b.timeMs);
}
