import { createRandom } from '../common/random.js';
import { destinationPoint } from '../geo/geodesy.js';
import { type LonLatBounds, lonLatGeoref } from '../weather/radar-grid.js';
import type { RadarGrid } from '../weather/radar-objects.js';
import type { RadarScale } from '../weather/radar-scale.js';
import type { CellFlash } from './cell-tracker.js';

/**
 * Constructed flash series for the cell tracker's tests and benchmark: cells of a given size that move at a
 * steady velocity with a flash rate given minute by minute. Deterministic for a seed. And round radar
 * echoes on a lat/lon grid, to place under them.
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

/** Where a synthetic cell's centre is `minutes` after t0. */
export function cellCentreAt(c: SyntheticCell, minutes: number): { lat: number; lon: number } {
  const east = ((c.eastKmh ?? 0) * minutes) / 60;
  const north = ((c.northKmh ?? 0) * minutes) / 60;
  return destinationPoint(c.lat, c.lon, (Math.atan2(east, north) * 180) / Math.PI, Math.hypot(east, north));
}

/** A round echo: reflectivity falls linearly from `peakDbz` at the centre to 35 dBZ at `radiusKm`. */
export interface SyntheticEcho {
  lat: number;
  lon: number;
  radiusKm: number;
  peakDbz: number;
}

/** N0Q-like codes, as the simulator's radar: dBZ = raw × 0.5 − 32; 0 nothing detected, 255 no data. */
export const SYNTHETIC_RADAR_SCALE: RadarScale = { gain: 0.5, offset: -32, nodata: 255, undetect: 0 };

/**
 * A lat/lon reflectivity grid over `bounds` holding the echoes (the stronger where two meet; nothing under
 * 5 dBZ, twice an echo's radius out), as a radar frame would store it.
 */
export function syntheticEchoGrid(
  echoes: readonly SyntheticEcho[],
  bounds: LonLatBounds,
  cols: number,
  rows: number,
): RadarGrid {
  const georef = lonLatGeoref(bounds, cols, rows);
  const codes = new Uint8Array(cols * rows);
  const { gain, offset } = SYNTHETIC_RADAR_SCALE;
  for (const e of echoes) {
    const kmLon = 111.32 * Math.cos((e.lat * Math.PI) / 180);
    const reach = 2 * e.radiusKm;
    const c0 = Math.max(0, Math.floor((e.lon - reach / kmLon - bounds.west) / georef.dx));
    const c1 = Math.min(cols - 1, Math.floor((e.lon + reach / kmLon - bounds.west) / georef.dx));
    const r0 = Math.max(0, Math.floor((bounds.north - e.lat - reach / 110.57) / georef.dy));
    const r1 = Math.min(rows - 1, Math.floor((bounds.north - e.lat + reach / 110.57) / georef.dy));
    for (let r = r0; r <= r1; r++) {
      const dy = (bounds.north - (r + 0.5) * georef.dy - e.lat) * 110.57;
      for (let c = c0; c <= c1; c++) {
        const dx = (bounds.west + (c + 0.5) * georef.dx - e.lon) * kmLon;
        const dbz = e.peakDbz - ((e.peakDbz - 35) * Math.hypot(dx, dy)) / e.radiusKm;
        if (dbz < 5) continue;
        const code = Math.min(254, Math.round((dbz - offset) / gain));
        if (code > (codes[r * cols + c] as number)) codes[r * cols + c] = code;
      }
    }
  }
  return { cols, rows, codes, scale: SYNTHETIC_RADAR_SCALE, georef, inverse: (x, y) => [x, y] };
}
