/**
 * The area of a CAP 1.2 alert: `polygon` ("lat,lon lat,lon …", closed), `circle` ("lat,lon radius_km") and
 * `geocode` pairs. GB/T 2260 codes (China's six-digit administrative divisions) are kept as admin codes, other
 * geocodes as `valueName=value` text. DWD's `EXCLUDE_POLYGON` geocodes are honoured: each becomes a hole of the
 * polygon of its `<area>` that holds its first vertex (one that lies in none excludes nothing). Positions are
 * GeoJSON's [lon, lat]; coverage is tested on the plane of longitude and latitude (warning areas are drawn
 * so), circles by great-circle distance.
 */
import { distanceKm } from '../geo/geodesy.js';

export type Position = [number, number];
export interface CapCircle {
  lat: number;
  lon: number;
  radiusKm: number;
}
export interface CapValuePair {
  valueName: string;
  value: string;
}
export interface CapAreaInput {
  polygons: readonly string[];
  circles: readonly string[];
  geocodes: readonly CapValuePair[];
}
export interface CapArea {
  /** Each polygon: the outer ring, then holes; rings closed. */
  polygons: Position[][][];
  circles: CapCircle[];
  geocodes: string[];
  adminCodes: string[];
}

/** Bounds that keep one warning's row and its coverage tests small. */
export const CAP_AREA_LIMITS = {
  vertices: 100_000,
  circles: 500,
  geocodes: 5_000,
  geocodeChars: 200,
} as const;

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const GBT2260_NAME = /GB\/?T ?2260|行政区划|admin(istrative)?[ _-]?(division|code)|adcode/i;

function pairOf(text: string): Position | null {
  const [lat, lon, extra] = text.split(',');
  if (lat === undefined || lon === undefined || extra !== undefined) return null;
  if (!NUMBER.test(lat.trim()) || !NUMBER.test(lon.trim())) return null;
  const la = Number(lat);
  const lo = Number(lon);
  if (la < -90 || la > 90 || lo < -180 || lo > 180) return null;
  return [lo, la];
}

/** A CAP polygon as a closed ring, or why not. An open ring is closed (some senders omit the last pair). */
export function parseCapPolygon(text: string): Position[] | string {
  const ring: Position[] = [];
  for (const token of text.trim().split(/\s+/)) {
    const p = pairOf(token);
    if (!p) return `bad polygon pair "${token.slice(0, 40)}"`;
    ring.push(p);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
  if (ring.length < 4) return 'a polygon needs at least 3 distinct pairs';
  return ring;
}

export function parseCapCircle(text: string): CapCircle | string {
  const [centre, radius, extra] = text.trim().split(/\s+/);
  const p = centre === undefined ? null : pairOf(centre);
  if (!p || radius === undefined || extra !== undefined || !NUMBER.test(radius)) {
    return `bad circle "${text.trim().slice(0, 60)}" (want "lat,lon radius_km")`;
  }
  const radiusKm = Number(radius);
  if (radiusKm < 0 || radiusKm > 20_000) return `circle radius ${radius} km out of range`;
  return { lat: p[1], lon: p[0], radiusKm };
}

/** Even-odd test of one ring. */
function inRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inPolygon(p: Position, polygon: readonly (readonly Position[])[]): boolean {
  const [outer, ...holes] = polygon;
  if (!outer || !inRing(p[0], p[1], outer)) return false;
  return !holes.some((h) => inRing(p[0], p[1], h));
}

/** The whole area of an alert's `<area>` blocks, or the first problem. */
export function buildCapArea(areas: readonly CapAreaInput[]): CapArea | string {
  const out: CapArea = { polygons: [], circles: [], geocodes: [], adminCodes: [] };
  let vertices = 0;
  for (const a of areas) {
    const own: Position[][][] = [];
    for (const text of a.polygons) {
      const ring = parseCapPolygon(text);
      if (typeof ring === 'string') return ring;
      vertices += ring.length;
      own.push([ring]);
    }
    for (const text of a.circles) {
      const c = parseCapCircle(text);
      if (typeof c === 'string') return c;
      out.circles.push(c);
    }
    for (const g of a.geocodes) {
      const name = g.valueName.trim();
      const value = g.value.trim();
      if (/^EXCLUDE_POLYGON$/i.test(name)) {
        const hole = parseCapPolygon(value);
        if (typeof hole === 'string') return `EXCLUDE_POLYGON: ${hole}`;
        vertices += hole.length;
        own.find((poly) => inPolygon(hole[0] as Position, [poly[0] as Position[]]))?.push(hole);
        continue;
      }
      if (GBT2260_NAME.test(name) && /^\d{6}$/.test(value)) {
        if (!out.adminCodes.includes(value)) out.adminCodes.push(value);
        continue;
      }
      const text = `${name}=${value}`;
      if (text.length > CAP_AREA_LIMITS.geocodeChars) return `geocode "${text.slice(0, 40)}…" is too long`;
      out.geocodes.push(text);
    }
    out.polygons.push(...own);
  }
  if (vertices > CAP_AREA_LIMITS.vertices)
    return `the area has ${vertices} vertices (at most ${CAP_AREA_LIMITS.vertices})`;
  if (out.circles.length > CAP_AREA_LIMITS.circles) return `the area has ${out.circles.length} circles`;
  if (out.geocodes.length + out.adminCodes.length > CAP_AREA_LIMITS.geocodes) {
    return `the area has ${out.geocodes.length + out.adminCodes.length} geocodes (at most ${CAP_AREA_LIMITS.geocodes})`;
  }
  return out;
}

const KM_PER_DEG = 111.195;

/** A circle as a closed ring of `n` vertices (for maps; coverage tests use the circle itself). */
export function circleRing(c: CapCircle, n = 48): Position[] {
  const ring: Position[] = [];
  const cos = Math.max(0.01, Math.cos((c.lat * Math.PI) / 180));
  for (let i = 0; i <= n; i++) {
    const a = (2 * Math.PI * (i % n)) / n;
    const lat = Math.max(-90, Math.min(90, c.lat + (c.radiusKm / KM_PER_DEG) * Math.cos(a)));
    const lon = c.lon + (c.radiusKm / (KM_PER_DEG * cos)) * Math.sin(a);
    ring.push([Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6]);
  }
  return ring;
}

/** [minLon, minLat, maxLon, maxLat] of the polygons and circles; null for a geocode-only area. */
export function capAreaBounds(
  area: Pick<CapArea, 'polygons' | 'circles'>,
): [number, number, number, number] | null {
  const rings = [...area.polygons.map((p) => p[0] ?? []), ...area.circles.map((c) => circleRing(c, 16))];
  let b: [number, number, number, number] | null = null;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      if (!b) b = [x, y, x, y];
      else b = [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)];
    }
  }
  return b;
}

/** Segments p1p2 and p3p4 cross or touch. */
function segmentsMeet(p1: Position, p2: Position, p3: Position, p4: Position): boolean {
  const d = (a: Position, b: Position, c: Position) =>
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const d1 = d(p3, p4, p1);
  const d2 = d(p3, p4, p2);
  const d3 = d(p1, p2, p3);
  const d4 = d(p1, p2, p4);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function ringsCross(a: readonly Position[], b: readonly Position[]): boolean {
  for (let i = 1; i < a.length; i++) {
    for (let j = 1; j < b.length; j++) {
      if (segmentsMeet(a[i - 1] as Position, a[i] as Position, b[j - 1] as Position, b[j] as Position))
        return true;
    }
  }
  return false;
}

/** Distance (km) from a point to a segment, on a local equirectangular plane around the point. */
function segmentKm(p: Position, a: Position, b: Position): number {
  const k = Math.cos((p[1] * Math.PI) / 180) * KM_PER_DEG;
  const ax = (a[0] - p[0]) * k;
  const ay = (a[1] - p[1]) * KM_PER_DEG;
  const bx = (b[0] - p[0]) * k;
  const by = (b[1] - p[1]) * KM_PER_DEG;
  const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * (bx - ax) + ay * (by - ay)) / len2));
  return Math.hypot(ax + t * (bx - ax), ay + t * (by - ay));
}

export type CoveredShape =
  | { type: 'Point'; coordinates: Position }
  | { type: 'Polygon'; coordinates: Position[][] };

/** The area covers (touches) a location's point or polygon. */
export function capAreaCovers(area: Pick<CapArea, 'polygons' | 'circles'>, shape: CoveredShape): boolean {
  if (shape.type === 'Point') {
    const p = shape.coordinates;
    return (
      area.polygons.some((poly) => inPolygon(p, poly)) ||
      area.circles.some((c) => distanceKm(c.lat, c.lon, p[1], p[0]) <= c.radiusKm)
    );
  }
  const outer = shape.coordinates[0] ?? [];
  const site = [outer];
  for (const poly of area.polygons) {
    if (outer.some((p) => inPolygon(p, poly))) return true;
    if ((poly[0] ?? []).some((p) => inPolygon(p, site))) return true;
    if (ringsCross(poly[0] ?? [], outer)) return true;
  }
  for (const c of area.circles) {
    const centre: Position = [c.lon, c.lat];
    if (inPolygon(centre, site)) return true;
    for (let i = 1; i < outer.length; i++) {
      if (segmentKm(centre, outer[i - 1] as Position, outer[i] as Position) <= c.radiusKm) return true;
    }
  }
  return false;
}
