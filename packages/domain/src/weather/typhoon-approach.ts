import RBush from 'rbush';
import { bearingDeg, distanceKm } from '../geo/geodesy.js';
import type { TyphoonPoint, WindRadii } from './typhoon-track.js';

/** A centre on a storm's path: the current position, then the forecast's. */
export interface PathPoint {
  time: number;
  lat: number;
  lon: number;
}

export interface Approach {
  /** Closest distance (km) of the path to the location, and when the centre passes there (epoch ms). */
  distanceKm: number;
  time: number;
  /** The location lies inside the current 34-kt (gale) radius of its quadrant. */
  insideGale: boolean;
}

const KM_PER_DEG = 111.2;
const RAD = Math.PI / 180;

/**
 * The closest approach of a path to a point: each segment is measured on the point's own local plane
 * (equirectangular, exact enough over the few hundred km that matter), the time interpolated along it.
 */
export function closestApproach(
  path: readonly PathPoint[],
  lat: number,
  lon: number,
): { distanceKm: number; time: number } {
  const first = path[0];
  if (!first) throw new Error('empty path');
  let best = { distanceKm: distanceKm(lat, lon, first.lat, first.lon), time: first.time };
  const kx = Math.cos(lat * RAD);
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as PathPoint;
    const b = path[i] as PathPoint;
    const ax = (a.lon - lon) * kx;
    const ay = a.lat - lat;
    const dx = (b.lon - a.lon) * kx;
    const dy = b.lat - a.lat;
    const len2 = dx * dx + dy * dy;
    const f = len2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2));
    const pLat = a.lat + (b.lat - a.lat) * f;
    const pLon = a.lon + (b.lon - a.lon) * f;
    const d = distanceKm(lat, lon, pLat, pLon);
    if (d < best.distanceKm) best = { distanceKm: d, time: a.time + (b.time - a.time) * f };
  }
  return best;
}

/** The 34-kt radius (km) towards a bearing from the centre: NE 0–90°, SE 90–180°, SW 180–270°, NW 270–360°. */
export function galeRadiusKm(radii: readonly WindRadii[], bearing: number): number {
  const r34 = radii.find((r) => r.kt === 34);
  if (!r34) return 0;
  const quadrant = [r34.neKm, r34.seKm, r34.swKm, r34.nwKm];
  return quadrant[Math.min(3, Math.floor((((bearing % 360) + 360) % 360) / 90))] as number;
}

export function insideGale(centre: TyphoonPoint, lat: number, lon: number): boolean {
  const r = galeRadiusKm(centre.radii, bearingDeg(centre.lat, centre.lon, lat, lon));
  return r > 0 && distanceKm(centre.lat, centre.lon, lat, lon) <= r;
}

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  id: number;
  lat: number;
  lon: number;
}

/**
 * Locations as points in an R-tree: a storm measures only those in its path's box grown by the alert distance
 * (and its gale radius), so the work per storm follows the locations near it, not all of them.
 */
export class TyphoonLocationIndex {
  private readonly tree = new RBush<Entry>();

  constructor(locations: readonly { id: number; lat: number; lon: number }[]) {
    this.tree.load(locations.map((l) => ({ minX: l.lon, minY: l.lat, maxX: l.lon, maxY: l.lat, ...l })));
  }

  /**
   * The locations a storm threatens: within `alertKm` of its path (current position and forecast), or inside
   * its current 34-kt radius; each with its closest approach.
   */
  threats(current: TyphoonPoint, forecast: readonly PathPoint[], alertKm: number): Map<number, Approach> {
    const path: PathPoint[] = [current, ...forecast.filter((p) => p.time > current.time)];
    const reachKm = Math.max(
      alertKm,
      ...current.radii.filter((r) => r.kt === 34).flatMap((r) => [r.neKm, r.seKm, r.swKm, r.nwKm]),
    );
    const lats = path.map((p) => p.lat);
    const lons = path.map((p) => p.lon);
    const dLat = reachKm / KM_PER_DEG;
    const maxAbsLat = Math.min(89, Math.max(...lats.map(Math.abs)) + dLat);
    const dLon = reachKm / (KM_PER_DEG * Math.cos(maxAbsLat * RAD));
    const hits = this.tree.search({
      minX: Math.min(...lons) - dLon,
      minY: Math.min(...lats) - dLat,
      maxX: Math.max(...lons) + dLon,
      maxY: Math.max(...lats) + dLat,
    });
    const out = new Map<number, Approach>();
    for (const e of hits) {
      const near = closestApproach(path, e.lat, e.lon);
      const inside = insideGale(current, e.lat, e.lon);
      if (inside || near.distanceKm <= alertKm) out.set(e.id, { ...near, insideGale: inside });
    }
    return out;
  }
}
