import { type CellProperties, type CellTrend, NOWCAST_LEADS_MIN } from '@thunderwatch/shared/schemas/cells';
import { bufferedHull, type LatLon, localPlane, ringToLonLat, ringToPlane, type XY } from './cell-plane.js';

/**
 * Nowcast polygons: where a cell is expected `lead` minutes after its step, by extrapolation.
 * - The cell's outline moves along its motion vector by speed × lead (on the cell's own plane).
 * - Its size follows its trend: the outline is scaled about the centroid by 1 + 0.25 × lead/60 while the
 *   flash rate grows, 1 − 0.25 × lead/60 while it decays (never below a quarter), 1 while steady.
 * - It grows with lead for the uncertainty of the extrapolation (a cone): buffered by 1 km + 0.1 km per
 *   minute of lead + 20 % of the distance travelled (a speed or direction error of about a fifth).
 *   The buffered outline is convex (the Minkowski sum of the outline's convex hull and a disc).
 * - A cell without motion (too young, or an unsteady track) stays where it is, buffered the same way.
 */
export const NOWCAST = {
  baseBufferKm: 1,
  bufferKmPerMin: 0.1,
  motionErrorShare: 0.2,
  trendScalePerHour: 0.25,
  minScale: 0.25,
} as const;

export type CellNowcast = CellProperties['nowcast'][number];

export interface NowcastInput {
  centroid: LatLon;
  /** The cell's outline: a closed GeoJSON ring of [lon, lat]. */
  ring: readonly (readonly [number, number])[];
  motion: { speed_kmh: number; direction_deg: number } | null;
  trend: CellTrend;
}

/** The buffer of a nowcast `leadMin` ahead for a cell moving at `speedKmh` (km). */
export function nowcastBufferKm(leadMin: number, speedKmh: number): number {
  const N = NOWCAST;
  return N.baseBufferKm + N.bufferKmPerMin * leadMin + (N.motionErrorShare * speedKmh * leadMin) / 60;
}

/** The scale of a nowcast `leadMin` ahead for the trend. */
export function nowcastScale(leadMin: number, trend: CellTrend): number {
  const sign = trend === 'growing' ? 1 : trend === 'decaying' ? -1 : 0;
  return Math.max(NOWCAST.minScale, 1 + (sign * NOWCAST.trendScalePerHour * leadMin) / 60);
}

/** The nowcast polygons of a cell at each lead (default +15, +30 and +60 min). */
export function nowcastCell(
  cell: NowcastInput,
  leadsMin: readonly number[] = NOWCAST_LEADS_MIN,
): CellNowcast[] {
  const plane = localPlane(cell.centroid);
  const outline = ringToPlane(plane, cell.ring);
  const speed = cell.motion?.speed_kmh ?? 0;
  const θ = ((cell.motion?.direction_deg ?? 0) * Math.PI) / 180;
  return leadsMin.map((lead) => {
    const km = (speed * lead) / 60;
    const dx = km * Math.sin(θ);
    const dy = km * Math.cos(θ);
    const s = nowcastScale(lead, cell.trend);
    const moved = outline.map(([x, y]): XY => [x * s + dx, y * s + dy]);
    const ring = ringToLonLat(plane, bufferedHull(moved, nowcastBufferKm(lead, speed)));
    return { lead_min: lead, geometry: { type: 'Polygon', coordinates: [ring] } };
  });
}
