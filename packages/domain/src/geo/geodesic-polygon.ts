/**
 * A GeoJSON polygon prepared for many "how far is this stroke?" questions, with edges that are WGS84
 * geodesics between the vertices. Cheap great-circle arithmetic on unit vectors decides almost every
 * question; the exact geodesic is computed only where the sphere cannot tell (a stroke within metres of an
 * edge) and for the nearest edge or two.
 */
import { beginStroke, nearestOnEdge } from './edge-nearest.js';
import { fastGeodesicInverse, type InverseResult } from './fast-geodesic.js';
import { geodesicInverse, type Position } from './geodesic.js';
import { EARTH_RADIUS_KM } from './geodesy.js';
import {
  ARC,
  buildRings,
  DEV,
  LAT,
  LON,
  NEXT,
  NX,
  NY,
  NZ,
  type PolygonExtent,
  type PolygonRings,
  rec,
  X,
  Y,
  Z,
} from './polygon-rings.js';

const RAD = Math.PI / 180;

/**
 * WGS84 geodesic km ÷ great-circle km on the mean sphere, for the same lat/lon, lies within
 * [M(0°), N(90°)] / R = [0.99442, 1.00449] (meridian and prime-vertical radii of curvature).
 */
export const SPHERE_SCALE_MIN = 0.994;
export const SPHERE_SCALE_MAX = 1.005;

// The stroke as a unit vector, set once per question (the domain runs single-threaded).
let px = 0;
let py = 0;
let pz = 0;
// Per-edge scratch for one question: lower bound (km), and where on the arc the nearest point lies —
// a fraction, or NaN with the sine and cosine of the angle along the arc from its first vertex.
let lowerKm = new Float64Array(64);
let fraction = new Float64Array(64);
let alongSin = new Float64Array(64);
let alongCos = new Float64Array(64);
let order = new Int32Array(64);
// Great-circle angle from the stroke to the arc under study: a bracket, which spares asin and atan2.
let angleLo = 0;
let angleHi = 0;
const probe: InverseResult = { km: 0, azimuthDeg: 0 };

function setUnit(lat: number, lon: number): void {
  const phi = lat * RAD;
  const lambda = lon * RAD;
  const c = Math.cos(phi);
  px = c * Math.cos(lambda);
  py = c * Math.sin(lambda);
  pz = Math.sin(phi);
}

export class GeodesicPolygon {
  // Copied out of `rings` so that the hot path reaches the table in one step.
  private readonly t: Float64Array;
  private readonly n: number;

  private constructor(private readonly rings: PolygonRings) {
    this.t = rings.table;
    this.n = rings.vertexCount;
  }

  static from(coordinates: readonly (readonly Position[])[]): GeodesicPolygon {
    return new GeodesicPolygon(buildRings(coordinates));
  }

  /** Lon/lat extent of the polygon itself (geodesic bulges included), for spatial indexing. */
  get extent(): PolygonExtent {
    return this.rings.extent;
  }

  /** A spherical cap (unit-vector centre, angle in radians) that holds the whole polygon. */
  get cap(): { x: number; y: number; z: number; angle: number } {
    return this.rings.cap;
  }

  /** Inside (or on the boundary) of the outer ring and outside every hole. */
  contains(lat: number, lon: number): boolean {
    setUnit(lat, lon);
    return this.containsUnit(lat, lon);
  }

  /**
   * Geodesic distance (0 inside) into `out` with the azimuth from the nearest boundary point (from the
   * centroid when inside) towards (lat, lon). Returns false, leaving `out` alone, when it exceeds maxKm.
   */
  distanceWithin(lat: number, lon: number, maxKm: number, out: InverseResult): boolean {
    setUnit(lat, lon);
    return this.distanceWithinUnit(lat, lon, maxKm, out);
  }

  /** `distanceWithin` for a stroke whose unit vector (x, y, z) the caller already has. */
  distanceWithinAt(
    lat: number,
    lon: number,
    x: number,
    y: number,
    z: number,
    maxKm: number,
    out: InverseResult,
  ): boolean {
    [px, py, pz] = [x, y, z];
    return this.distanceWithinUnit(lat, lon, maxKm, out);
  }

  private distanceWithinUnit(lat: number, lon: number, maxKm: number, out: InverseResult): boolean {
    if (this.containsUnit(lat, lon)) {
      const c = this.rings.centroid;
      fastGeodesicInverse(c.lat, c.lon, lat, lon, out);
      out.km = 0;
      return true;
    }
    const { t, n } = this;
    if (lowerKm.length < n) growScratch(n);
    let minLower = Number.POSITIVE_INFINITY;
    let minUpper = Number.POSITIVE_INFINITY;
    for (let e = 0; e < n; e++) {
      this.arcBracket(e);
      const dev = t[rec(e) + DEV] as number;
      const lo = SPHERE_SCALE_MIN * (angleLo - dev) * EARTH_RADIUS_KM;
      const hi = SPHERE_SCALE_MAX * (angleHi + dev) * EARTH_RADIUS_KM;
      lowerKm[e] = lo;
      if (lo < minLower) minLower = lo;
      if (hi < minUpper) minUpper = hi;
    }
    if (minLower > maxKm) return false;
    // Only edges that may hold the nearest point get the exact geodesic, nearest first.
    const limit = Math.min(minUpper, maxKm);
    let count = 0;
    for (let e = 0; e < n; e++) {
      if ((lowerKm[e] as number) > limit) continue;
      let k = count++;
      while (k > 0 && (lowerKm[order[k - 1] as number] as number) > (lowerKm[e] as number)) {
        order[k] = order[k - 1] as number;
        k--;
      }
      order[k] = e;
    }
    beginStroke(lat, lon, n);
    let bestKm = Number.POSITIVE_INFINITY;
    let bestAzimuth = 0;
    for (let k = 0; k < count; k++) {
      const e = order[k] as number;
      if ((lowerKm[e] as number) > bestKm) break;
      let f = fraction[e] as number;
      if (Number.isNaN(f)) {
        const arc = t[rec(e) + ARC] as number;
        f = arc > 0 ? Math.min(1, Math.atan2(alongSin[e] as number, alongCos[e] as number) / arc) : 0;
      }
      nearestOnEdge(t, e, f, probe);
      if (probe.km < bestKm) {
        bestKm = probe.km;
        bestAzimuth = probe.azimuthDeg;
      }
    }
    if (bestKm > maxKm) return false;
    out.km = bestKm;
    out.azimuthDeg = bestAzimuth;
    return true;
  }

  /**
   * Ray casting along P's meridian towards the north pole: each edge that spans P's longitude and passes
   * north of P flips the parity. A geodesic's longitude is monotonic, so "spans" is exact; "north of" is
   * decided on the great circle unless P is within the edge's deviation from it.
   */
  private containsUnit(lat: number, lon: number): boolean {
    const t = this.t;
    // Outside the extent is outside: most strokes in reach of a zone are, and this is much cheaper.
    if (lat < (t[0] as number) || lat > (t[1] as number)) return false;
    const lonMin = t[2] as number;
    if ((((lon - lonMin) % 360) + 360) % 360 > (t[3] as number) - lonMin) return false;
    let inside = this.rings.northPoleInside;
    for (let i = 0; i < this.n; i++) {
      const a = rec(i);
      const b = rec(t[a + NEXT] as number);
      let d = (t[b + LON] as number) - (t[a + LON] as number);
      if (d > 180) d -= 360;
      else if (d <= -180) d += 360;
      if (d === 0) continue;
      const [west, east] = d > 0 ? [a, b] : [b, a];
      let along = (lon - (t[west + LON] as number)) % 360;
      if (along < 0) along += 360;
      if (along >= Math.abs(d)) continue;
      // The normal is stored for a → b; flip it so that positive means north of the eastward edge.
      const side =
        (px * (t[a + NX] as number) + py * (t[a + NY] as number) + pz * (t[a + NZ] as number)) * Math.sign(d);
      const south =
        Math.abs(side) > (t[a + DEV] as number)
          ? side < 0
          : this.southOfEdgeExactly(west, east, along, lat, lon);
      if (south) inside = !inside;
    }
    return inside;
  }

  /** P south of the geodesic W→E at P's longitude: the azimuth W→P turns further clockwise than W→E. */
  private southOfEdgeExactly(west: number, east: number, along: number, lat: number, lon: number): boolean {
    const t = this.t;
    const latW = t[west + LAT] as number;
    const lonW = t[west + LON] as number;
    if (along === 0) return lat < latW;
    const toP = geodesicInverse(latW, lonW, lat, lon).azimuthDeg;
    return toP > geodesicInverse(latW, lonW, t[east + LAT] as number, t[east + LON] as number).azimuthDeg;
  }

  /**
   * Brackets the great-circle angle from P to edge e's arc in [angleLo, angleHi], using
   * x ≤ asin(x) ≤ x/√(1 − x²), and notes where along the arc the nearest point lies.
   */
  private arcBracket(e: number): void {
    const t = this.t;
    const a = rec(e);
    const b = rec(t[a + NEXT] as number);
    const wx = t[a + X] as number;
    const wy = t[a + Y] as number;
    const wz = t[a + Z] as number;
    const ex = t[b + X] as number;
    const ey = t[b + Y] as number;
    const ez = t[b + Z] as number;
    const nx = t[a + NX] as number;
    const ny = t[a + NY] as number;
    const nz = t[a + NZ] as number;
    // P·(n × W) ≥ 0: P is past W towards E; P·(E × n) ≥ 0: P is before E.
    const pastW = px * (ny * wz - nz * wy) + py * (nz * wx - nx * wz) + pz * (nx * wy - ny * wx);
    const beforeE = px * (ey * nz - ez * ny) + py * (ez * nx - ex * nz) + pz * (ex * ny - ey * nx);
    if (pastW >= 0 && beforeE >= 0) {
      // Beside the arc: the angle is asin |P·n|.
      const s = Math.min(1, Math.abs(px * nx + py * ny + pz * nz));
      angleLo = s;
      angleHi = s < 0.7 ? s / Math.sqrt(1 - s * s) : Math.PI / 2;
      fraction[e] = Number.NaN;
      alongSin[e] = pastW;
      alongCos[e] = px * wx + py * wy + pz * wz;
      return;
    }
    // Beyond an end: the angle to the nearer vertex is 2·asin(chord / 2).
    const chordW = Math.sqrt((px - wx) ** 2 + (py - wy) ** 2 + (pz - wz) ** 2);
    const chordE = Math.sqrt((px - ex) ** 2 + (py - ey) ** 2 + (pz - ez) ** 2);
    const c = Math.min(chordW, chordE);
    fraction[e] = chordW <= chordE ? 0 : 1;
    angleLo = c;
    angleHi = c < 1.4 ? c / Math.sqrt(1 - (c * c) / 4) : Math.PI;
  }
}

function growScratch(n: number): void {
  const size = Math.max(n, lowerKm.length * 2);
  lowerKm = new Float64Array(size);
  fraction = new Float64Array(size);
  alongSin = new Float64Array(size);
  alongCos = new Float64Array(size);
  order = new Int32Array(size);
}
