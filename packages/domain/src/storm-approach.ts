import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import { bearingDeg, destinationPoint, distanceKm as haversineKm } from './geodesy.js';
import { clusterGroups } from './storm-clusters.js';

/**
 * Storm approach for one location, estimated from the track of the nearest recent flash cluster.
 *
 * Method:
 * 1. Flashes of the last 30 min (age 0…30 min; later ones are ignored) within 100 km of the site are
 *    projected onto a plane centred on the site (azimuthal equidistant: x east, y north, km), which keeps
 *    every distance from the site exact, also across the antimeridian and at high latitudes.
 * 2. They are clustered into cells by single linkage: two flashes within 15 km of each other are in the
 *    same cell (`singleLinkage` in storm-clusters.ts, linear in the flashes). Cells of fewer than 10 flashes
 *    are noise and ignored.
 * 3. The cell whose front is nearest the site now is tracked (an untrackable cell counts by its nearest
 *    flash and, when nearest, makes the answer 'unknown'): its flashes fall into 5-min bins counted back
 *    from now; the centroid of each bin, at the mean time of its flashes, gives a weighted least-squares
 *    line (weight = flashes in the bin, since a busier bin's centroid is better determined). At least
 *    3 bins whose starts span at least 10 min are needed, else 'unknown'.
 * 4. The cell's radius is the 80th percentile of the flashes' distances from the fitted track at their
 *    own time (motion removed, so a fast cell does not look large). Its front is the centroid distance
 *    minus that radius.
 * 5. Speed below 5 km/h is 'stationary'. If the closing speed (velocity component towards the site) is
 *    ≤ 0 it is 'moving_away'. In both cases a ring's ETA is 0 if the front is already inside it, else null.
 * 6. Otherwise 'approaching': the centroid moves on a straight line at the fitted velocity and a ring of
 *    radius R is reached when |centroid| = R + radius + s (solved as a quadratic). s makes a polygon site
 *    work: the caller's `distanceKm` gives the distance to the shape, and the shape is treated as a disc of
 *    radius s = |centroid| − distanceKm(centroid) around `site` (s = 0 for a point). ETA is 0 if already
 *    inside, null if the track misses the ring or arrives after 180 min.
 * Direction is where the storm moves to, degrees clockwise from north. Speed and direction are rounded to
 * 0.1; ETAs are rounded up to 0.1 min so a ring not yet reached never reads 0.
 */

export interface ApproachFlash {
  timeMs: number;
  lat: number;
  lon: number;
}

export interface ApproachInput {
  flashes: readonly ApproachFlash[];
  site: { lat: number; lon: number };
  ringRadiiKm: readonly number[];
  nowMs: number;
  /** Distance in km from a point to the site's shape (0 inside a polygon); haversine to `site` if omitted. */
  distanceKm?: (lat: number, lon: number) => number;
}

const MIN_MS = 60_000;

/** The tuning of the method above, exported so callers and docs can quote it. */
export const APPROACH_LIMITS = {
  windowMs: 30 * MIN_MS,
  rangeKm: 100,
  linkKm: 15,
  minFlashes: 10,
  binMs: 5 * MIN_MS,
  minBins: 3,
  minSpanMs: 10 * MIN_MS,
  radiusPercentile: 0.8,
  stationaryKmh: 5,
  maxEtaMin: 180,
} as const;

/** A flash on the site's plane; `t` is minutes relative to now (negative in the past). */
interface PlanePoint {
  x: number;
  y: number;
  t: number;
  siteKm: number;
}

/** A straight track: position (km) at now and velocity (km/min). */
interface Track {
  x0: number;
  y0: number;
  vx: number;
  vy: number;
  radiusKm: number;
}

export function estimateApproach(input: ApproachInput): Approach {
  const { site, ringRadiiKm, nowMs } = input;
  const siteDistance = input.distanceKm ?? ((lat, lon) => haversineKm(site.lat, site.lon, lat, lon));
  const L = APPROACH_LIMITS;
  const unknown: Approach = {
    status: 'unknown',
    direction_deg: null,
    speed_kmh: null,
    rings: ringRadiiKm.map((radius_km) => ({ radius_km, eta_min: null })),
  };

  const points: PlanePoint[] = [];
  for (const f of input.flashes) {
    const ageMs = nowMs - f.timeMs;
    if (ageMs < 0 || ageMs > L.windowMs) continue;
    const d = haversineKm(site.lat, site.lon, f.lat, f.lon);
    // For a point site the distance to its shape is this same haversine: not worked out twice.
    const siteKm = input.distanceKm ? input.distanceKm(f.lat, f.lon) : d;
    if (!(siteKm <= L.rangeKm)) continue;
    const b = (bearingDeg(site.lat, site.lon, f.lat, f.lon) * Math.PI) / 180;
    points.push({ x: d * Math.sin(b), y: d * Math.cos(b), t: -ageMs / MIN_MS, siteKm });
  }

  let nearest: { track: Track | null; frontKm: number; siteKm: number } | null = null;
  for (const cell of clusterGroups(points, L.linkKm)) {
    if (cell.length < L.minFlashes) continue;
    const track = fitTrack(cell);
    let frontKm: number;
    let siteKm = 0;
    if (track) {
      const at = destinationPoint(
        site.lat,
        site.lon,
        bearingOf(track.x0, track.y0),
        Math.hypot(track.x0, track.y0),
      );
      siteKm = siteDistance(at.lat, at.lon);
      frontKm = Math.max(0, siteKm - track.radiusKm);
    } else {
      frontKm = Math.min(...cell.map((p) => p.siteKm));
    }
    if (!nearest || frontKm < nearest.frontKm) nearest = { track, frontKm, siteKm };
  }
  if (!nearest?.track) return unknown;

  const { x0, y0, vx, vy, radiusKm } = nearest.track;
  const centreKm = Math.hypot(x0, y0);
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

/** Weighted least-squares track through the per-bin centroids, or null when the history is too short. */
function fitTrack(cell: readonly PlanePoint[]): Track | null {
  const L = APPROACH_LIMITS;
  const binMin = L.binMs / MIN_MS;
  const bins = new Map<number, { n: number; x: number; y: number; t: number }>();
  for (const p of cell) {
    const k = Math.floor(-p.t / binMin);
    const b = bins.get(k) ?? { n: 0, x: 0, y: 0, t: 0 };
    b.n++;
    b.x += p.x;
    b.y += p.y;
    b.t += p.t;
    bins.set(k, b);
  }
  const keys = [...bins.keys()];
  if (bins.size < L.minBins || (Math.max(...keys) - Math.min(...keys)) * L.binMs < L.minSpanMs) return null;

  // The weighted means over bins equal the plain means over all flashes.
  const n = cell.length;
  const tm = cell.reduce((s, p) => s + p.t, 0) / n;
  const xm = cell.reduce((s, p) => s + p.x, 0) / n;
  const ym = cell.reduce((s, p) => s + p.y, 0) / n;
  let stt = 0;
  let stx = 0;
  let sty = 0;
  for (const b of bins.values()) {
    const dt = b.t / b.n - tm;
    stt += b.n * dt * dt;
    stx += b.n * dt * (b.x / b.n - xm);
    sty += b.n * dt * (b.y / b.n - ym);
  }
  if (stt <= 0) return null;
  const vx = stx / stt;
  const vy = sty / stt;
  const x0 = xm - vx * tm;
  const y0 = ym - vy * tm;
  // A typed array sorts numerically without a comparator: many times faster for a storm's flashes.
  const spread = new Float64Array(cell.length);
  cell.forEach((p, i) => {
    spread[i] = Math.hypot(p.x - (x0 + vx * p.t), p.y - (y0 + vy * p.t));
  });
  spread.sort();
  const radiusKm = spread[Math.ceil(L.radiusPercentile * spread.length) - 1] ?? 0;
  return { x0, y0, vx, vy, radiusKm };
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

/** Compass bearing of a plane vector (x east, y north), degrees in [0, 360). */
function bearingOf(x: number, y: number): number {
  return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
