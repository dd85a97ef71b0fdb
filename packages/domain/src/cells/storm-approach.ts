import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import { bearingDeg, distanceKm as haversineKm } from '../geo/geodesy.js';
import {
  APPROACH_LIMITS,
  type ApproachFlash,
  arrivalBearing,
  bearingOf,
  type LatLon,
  rotate,
  type StormCell,
  StormCellIndex,
  trackStormCells,
} from './storm-cells.js';

export { APPROACH_LIMITS, type ApproachFlash } from './storm-cells.js';

/**
 * Storm approach for one location, from the storm cells of the recent flashes (`trackStormCells`, found once
 * for all locations):
 * 1. A cell counts when its front is within 100 km of the site. A tracked cell's front is the distance from
 *    the site to the cell's centre now minus the cell's radius; an untrackable cell's is its nearest flash.
 * 2. The cell whose front is nearest is the storm: an untrackable one makes the answer 'unknown'.
 * 3. Its track is put on a plane centred on the site (azimuthal equidistant: x east, y north, km; the
 *    velocity turned to the plane's north), which keeps every distance from the site exact.
 * 4. Speed below 5 km/h is 'stationary'. If the closing speed (velocity component towards the site) is
 *    ≤ 0 it is 'moving_away'. In both cases a ring's ETA is 0 if the front is already inside it, else null.
 * 5. Otherwise 'approaching': the centre moves on a straight line at the fitted velocity and a ring of
 *    radius R is reached when |centre| = R + radius + s (solved as a quadratic). s makes a polygon site
 *    work: the caller's `distanceKm` gives the distance to the shape, and the shape is treated as a disc of
 *    radius s = |centre| − distanceKm(centre) around `site` (s = 0 for a point). ETA is 0 if already
 *    inside, null if the track misses the ring or arrives after 180 min.
 * Direction is where the storm moves to, degrees clockwise from north. Speed and direction are rounded to
 * 0.1; ETAs are rounded up to 0.1 min so a ring not yet reached never reads 0.
 */

export interface SiteInput {
  site: LatLon;
  ringRadiiKm: readonly number[];
  /** Distance in km from a point to the site's shape (0 inside a polygon); haversine to `site` if omitted. */
  distanceKm?: (lat: number, lon: number) => number;
  /** How far the shape reaches from `site` (0 for a point): lets far cells be passed over by haversine alone. */
  shapeReachKm?: number;
}

export interface ApproachInput extends SiteInput {
  flashes: readonly ApproachFlash[];
  nowMs: number;
}

/** The approach of one site to the storms of its own flashes: `approachFromCells` of their cells. */
export function estimateApproach(input: ApproachInput): Approach {
  return approachFromCells(trackStormCells(input.flashes, input.nowMs), input);
}

/**
 * The approach of one site to the nearest of the given cells. With an index, only the cells filed near the
 * site are looked at: time in the cells near it, not in all cells.
 */
export function approachFromCells(cells: readonly StormCell[] | StormCellIndex, input: SiteInput): Approach {
  const { site, ringRadiiKm } = input;
  const siteDistance = input.distanceKm ?? ((lat, lon) => haversineKm(site.lat, site.lon, lat, lon));
  const L = APPROACH_LIMITS;
  const reach = input.shapeReachKm ?? 0;
  const candidates = cells instanceof StormCellIndex ? cells.near(site, L.rangeKm + reach) : cells;

  let nearest: { cell: StormCell; frontKm: number; siteKm: number } | null = null;
  for (const cell of candidates) {
    // No flash of the cell is nearer the shape than this (a distance to a shape grows at most as fast as
    // the point moves): a cheap test first, then the shape's own distance.
    const beyond = (bound: number) => bound > L.rangeKm || (nearest !== null && bound >= nearest.frontKm);
    const roughKm = haversineKm(site.lat, site.lon, cell.centre.lat, cell.centre.lon) - reach - cell.extentKm;
    if (beyond(roughKm) || beyond(siteDistance(cell.centre.lat, cell.centre.lon) - cell.extentKm)) continue;
    let frontKm: number;
    let siteKm = 0;
    if (cell.track) {
      siteKm = siteDistance(cell.track.lat, cell.track.lon);
      frontKm = Math.max(0, siteKm - cell.track.radiusKm);
    } else {
      // A loop, not Math.min(...): a young storm's cell can hold more flashes than a call takes arguments.
      frontKm = Number.POSITIVE_INFINITY;
      for (const p of cell.points) frontKm = Math.min(frontKm, siteDistance(p.lat, p.lon));
    }
    if (frontKm > L.rangeKm) continue;
    if (!nearest || frontKm < nearest.frontKm) nearest = { cell, frontKm, siteKm };
  }
  const track = nearest?.cell.track;
  if (!nearest || !track) {
    return {
      status: 'unknown',
      direction_deg: null,
      speed_kmh: null,
      rings: ringRadiiKm.map((radius_km) => ({ radius_km, eta_min: null })),
    };
  }

  const centreKm = haversineKm(site.lat, site.lon, track.lat, track.lon);
  const bearing = bearingDeg(site.lat, site.lon, track.lat, track.lon);
  const x0 = centreKm * Math.sin((bearing * Math.PI) / 180);
  const y0 = centreKm * Math.cos((bearing * Math.PI) / 180);
  const turn = centreKm > 0 ? bearing - arrivalBearing(site, track) : 0;
  const [vx, vy] = rotate(track.eastKmMin, track.northKmMin, turn);
  const radiusKm = track.radiusKm;
  const shapeKm = Math.max(0, centreKm - nearest.siteKm);
  const speedKmh = Math.hypot(vx, vy) * 60;
  // Closing speed is -d|p|/dt = -(p·v)/|p|; only its sign matters here.
  const closing = centreKm > 0 ? -(x0 * vx + y0 * vy) : 0;
  const approaching = speedKmh >= L.stationaryKmh && closing > 0;

  const rings = ringRadiiKm.map((radius_km) => {
    const reachKm = radius_km + radiusKm + shapeKm;
    let eta: number | null;
    if (centreKm <= reachKm) eta = 0;
    else if (!approaching) eta = null;
    else eta = minutesToReach(x0, y0, vx, vy, reachKm);
    if (eta !== null && eta > L.maxEtaMin) eta = null;
    return { radius_km, eta_min: eta === null ? null : Math.ceil(eta * 10) / 10 };
  });

  if (speedKmh < L.stationaryKmh) {
    return { status: 'stationary', direction_deg: null, speed_kmh: round1(speedKmh), rings };
  }
  return {
    status: approaching ? 'approaching' : 'moving_away',
    direction_deg: round1(bearingOf(vx, vy)) % 360,
    speed_kmh: round1(speedKmh),
    rings,
  };
}

/** First τ ≥ 0 (min) with |p + vτ| = reach, for a point now outside reach; null if the line misses. */
function minutesToReach(x0: number, y0: number, vx: number, vy: number, reachKm: number): number | null {
  const a = vx * vx + vy * vy;
  const b = 2 * (x0 * vx + y0 * vy);
  const c = x0 * x0 + y0 * y0 - reachKm * reachKm;
  const disc = b * b - 4 * a * c;
  if (a === 0 || disc < 0) return null;
  const tau = (-b - Math.sqrt(disc)) / (2 * a);
  return tau >= 0 ? tau : null;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
