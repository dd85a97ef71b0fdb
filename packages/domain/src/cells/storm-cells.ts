import { bearingDeg, destinationPoint, distanceKm } from '../geo/geodesy.js';
import { globePointKm, singleLinkage } from './storm-clusters.js';

/**
 * Storm cells and their tracks, found once for all recent flashes (not per watched site):
 * 1. Flashes of the last 30 min (age 0…30 min; later ones are ignored) are clustered into cells by single
 *    linkage: two flashes within 15 km of each other are in the same cell (`singleLinkage` over
 *    Earth-centred coordinates, linear in the flashes). Cells of fewer than 10 flashes are noise and dropped.
 * 2. A cell's flashes are projected onto a plane centred on their mean position (azimuthal equidistant:
 *    x east, y north, km), so a cell is measured alike anywhere: across the antimeridian, near a pole.
 * 3. Its flashes fall into 5-min bins counted back from now; the centroid of each bin, at the mean time of
 *    its flashes, gives a weighted least-squares line (weight = flashes in the bin, since a busier bin's
 *    centroid is better determined). At least 3 bins whose starts span at least 10 min are needed, else
 *    the cell is untrackable.
 * 4. Its radius is the 80th percentile of the flashes' distances from the fitted track at their own time
 *    (motion removed, so a fast cell does not look large).
 * `storm-approach.ts` turns the cells into each site's approach.
 */

export interface ApproachFlash {
  timeMs: number;
  lat: number;
  lon: number;
}

export interface LatLon {
  lat: number;
  lon: number;
}

/** A cell's straight track: where its centre is now, and its velocity there. */
export interface CellTrack extends LatLon {
  /** Velocity at the centre now, km/min towards east and north. */
  eastKmMin: number;
  northKmMin: number;
  radiusKm: number;
}

export interface StormCell {
  flashes: number;
  /** Mean position of the flashes, and how far the farthest of them is from it (km): a bound for range tests. */
  centre: LatLon;
  extentKm: number;
  track: CellTrack | null;
  /** An untrackable cell's flashes (its nearest flash is its front); empty for a tracked cell. */
  points: readonly LatLon[];
}

const MIN_MS = 60_000;

/** The tuning of the method above and in storm-approach.ts, exported so callers and docs can quote it. */
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

/** A flash on its cell's plane; `t` is minutes relative to now (negative in the past). */
interface PlanePoint {
  x: number;
  y: number;
  t: number;
}

/** The cells of at least 10 flashes among `flashes`, in the order of each cell's first flash. */
export function trackStormCells(flashes: readonly ApproachFlash[], nowMs: number): StormCell[] {
  const L = APPROACH_LIMITS;
  const recent = flashes.filter((f) => nowMs - f.timeMs >= 0 && nowMs - f.timeMs <= L.windowMs);
  const { labels, count } = singleLinkage(
    recent.map((f) => globePointKm(f.lat, f.lon)),
    L.linkKm,
  );
  const groups: ApproachFlash[][] = Array.from({ length: count }, () => []);
  recent.forEach((f, i) => {
    groups[labels[i] as number]?.push(f);
  });
  return groups.filter((g) => g.length >= L.minFlashes).map((g) => cellOf(g, nowMs));
}

function cellOf(flashes: readonly ApproachFlash[], nowMs: number): StormCell {
  const centre = meanPosition(flashes);
  let extentKm = 0;
  const plane: PlanePoint[] = flashes.map((f) => {
    const d = distanceKm(centre.lat, centre.lon, f.lat, f.lon);
    extentKm = Math.max(extentKm, d);
    const b = (bearingDeg(centre.lat, centre.lon, f.lat, f.lon) * Math.PI) / 180;
    return { x: d * Math.sin(b), y: d * Math.cos(b), t: (f.timeMs - nowMs) / MIN_MS };
  });
  const fit = fitTrack(plane);
  if (!fit) {
    return {
      flashes: flashes.length,
      centre,
      extentKm,
      track: null,
      points: flashes.map(({ lat, lon }) => ({ lat, lon })),
    };
  }
  const away = Math.hypot(fit.x0, fit.y0);
  const bearing = bearingOf(fit.x0, fit.y0);
  const now = destinationPoint(centre.lat, centre.lon, bearing, away);
  // The velocity was measured in the centre's plane; at the centre now, north has turned by the difference
  // between the geodesic's bearing there and its bearing at the start.
  const [eastKmMin, northKmMin] = rotate(
    fit.vx,
    fit.vy,
    away > 0 ? arrivalBearing(centre, now) - bearing : 0,
  );
  return {
    flashes: flashes.length,
    centre,
    extentKm,
    track: { ...now, eastKmMin, northKmMin, radiusKm: fit.radiusKm },
    points: [],
  };
}

/** Weighted least-squares track through the per-bin centroids, or null when the history is too short. */
function fitTrack(cell: readonly PlanePoint[]) {
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

/** The normalised mean of the flashes' unit vectors: their centre on the globe, wherever they are. */
function meanPosition(flashes: readonly LatLon[]): LatLon {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const f of flashes) {
    const p = globePointKm(f.lat, f.lon);
    x += p.x;
    y += p.y;
    z += p.z;
  }
  return {
    lat: (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI,
    lon: (Math.atan2(y, x) * 180) / Math.PI,
  };
}

/** The bearing, at `to`, of the geodesic from `from`: the direction one is heading on arrival. */
export function arrivalBearing(from: LatLon, to: LatLon): number {
  return (bearingDeg(to.lat, to.lon, from.lat, from.lon) + 180) % 360;
}

/** A plane vector (east, north) turned clockwise by `deg`. */
export function rotate(east: number, north: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [east * Math.cos(a) + north * Math.sin(a), north * Math.cos(a) - east * Math.sin(a)];
}

/** Compass bearing of a plane vector (x east, y north), degrees in [0, 360). */
export function bearingOf(x: number, y: number): number {
  return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
}

const INDEX_DEG = 1;
const KM_PER_DEG = 111.19;

/**
 * The cells by 1° squares of latitude and longitude: each cell is filed under every square its flashes may
 * reach, so a site's candidates are the cells filed round it, not all cells of a continent's storms.
 */
export class StormCellIndex {
  private readonly squares = new Map<number, number[]>();

  constructor(readonly cells: readonly StormCell[]) {
    cells.forEach((cell, i) => {
      for (const key of squaresAround(cell.centre, cell.extentKm)) {
        const list = this.squares.get(key);
        if (list) list.push(i);
        else this.squares.set(key, [i]);
      }
    });
  }

  /** The cells that may have a flash within `km` of the point, in the order given to the index. */
  near(point: LatLon, km: number): StormCell[] {
    const found = new Set<number>();
    for (const key of squaresAround(point, km)) for (const i of this.squares.get(key) ?? []) found.add(i);
    return [...found].sort((a, b) => a - b).map((i) => this.cells[i] as StormCell);
  }
}

/** The keys of the 1° squares a disc of `km` round the point touches (all longitudes near a pole). */
function squaresAround(p: LatLon, km: number): number[] {
  const dLat = km / KM_PER_DEG;
  const south = Math.max(-90, p.lat - dLat);
  const north = Math.min(90, p.lat + dLat);
  const widest = Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  const dLon = widest > 0 ? km / (KM_PER_DEG * widest) : 360;
  const columns = 360 / INDEX_DEG;
  const west = dLon >= 180 ? 0 : Math.floor((p.lon - dLon + 180) / INDEX_DEG);
  const east = dLon >= 180 ? columns - 1 : Math.floor((p.lon + dLon + 180) / INDEX_DEG);
  const keys: number[] = [];
  for (let row = Math.floor((south + 90) / INDEX_DEG); row <= Math.floor((north + 90) / INDEX_DEG); row++) {
    for (let col = west; col <= east; col++)
      keys.push(row * columns + (((col % columns) + columns) % columns));
  }
  return keys;
}
