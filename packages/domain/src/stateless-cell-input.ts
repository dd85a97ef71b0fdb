import type { NowcastCellInput } from './cell-footprint.js';
import { distanceKm } from './geodesy.js';
import { APPROACH_LIMITS, bearingOf, type StormCell } from './storm-cells.js';

const MIN_MS = 60_000;

/**
 * A cell of `trackStormCells` (found afresh from the last 30 min of flashes, with no memory of earlier
 * steps) as the lightning models take it:
 * - centre: where its fitted track is now, or its flashes' mean when it has no track;
 * - area: the disc of its radius (the 80th percentile of its flashes' distances from the track, or from
 *   the centre when untracked);
 * - flash rate: its flashes over the 30-min window;
 * - motion: the track's velocity, or null when untracked;
 * - trend: 'steady', because a single clustering has no earlier rates to compare with. Tracked cells of
 *   the cell tracker carry a real trend.
 */
export function nowcastInputOf(cell: StormCell): NowcastCellInput {
  const windowMin = APPROACH_LIMITS.windowMs / MIN_MS;
  const track = cell.track;
  const radiusKm = track ? track.radiusKm : percentileDistance(cell);
  return {
    centroid: track ? [track.lon, track.lat] : [cell.centre.lon, cell.centre.lat],
    area_km2: Math.PI * radiusKm * radiusKm,
    flash_rate_per_min: cell.flashes / windowMin,
    trend: 'steady',
    motion: track
      ? {
          speed_kmh: Math.hypot(track.eastKmMin, track.northKmMin) * 60,
          direction_deg: bearingOf(track.eastKmMin, track.northKmMin),
        }
      : null,
  };
}

function percentileDistance(cell: StormCell): number {
  if (cell.points.length === 0) return cell.extentKm;
  const d = Float64Array.from(cell.points, (p) =>
    distanceKm(cell.centre.lat, cell.centre.lon, p.lat, p.lon),
  ).sort();
  return d[Math.ceil(APPROACH_LIMITS.radiusPercentile * d.length) - 1] ?? 0;
}
