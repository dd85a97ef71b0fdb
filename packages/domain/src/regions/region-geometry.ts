/**
 * Administrative regions' boundaries: decoded from ECharts' map encoding (each ring a string of zig-zag,
 * delta-encoded coordinates scaled by 1024, with the ring's start offset), measured (bbox, area) and
 * simplified for the map (Douglas–Peucker).
 */

export type Ring = [number, number][];
/** Polygons, each an outer ring then its holes: GeoJSON MultiPolygon coordinates. */
export type MultiPolygonCoords = Ring[][];
/** One ring as the data file keeps it: the encoded string and its start offset (lon, lat × 1024). */
export type EncodedRing = [string, number, number];

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function decodeRing([text, offsetX, offsetY]: EncodedRing): Ring {
  const ring: Ring = [];
  let x = offsetX;
  let y = offsetY;
  for (let i = 0; i + 1 < text.length; i += 2) {
    let dx = text.charCodeAt(i) - 64;
    let dy = text.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / 1024, y / 1024]);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

function insideRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Decoded as GeoJSON polygons. ECharts' files put islands among a polygon's holes (its renderer fills them
 * either way): a ring after the first that does not lie inside the first (by its first vertex) is made a
 * polygon of its own. Rings of fewer than 4 points (after closing) enclose nothing and are dropped.
 */
export function decodePolygons(polygons: readonly (readonly EncodedRing[])[]): MultiPolygonCoords {
  const out: MultiPolygonCoords = [];
  for (const encoded of polygons) {
    const [outer, ...rest] = encoded.map(decodeRing).filter((r) => r.length >= 4);
    if (!outer) continue;
    const polygon = [outer];
    out.push(polygon);
    for (const ring of rest) {
      const [lon, lat] = ring[0] as [number, number];
      if (insideRing(lon, lat, outer)) polygon.push(ring);
      else out.push([ring]);
    }
  }
  return out;
}

export function bboxOf(polygons: MultiPolygonCoords): Bbox {
  const b = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const rings of polygons) {
    for (const [lon, lat] of rings[0] ?? []) {
      if (lon < b.west) b.west = lon;
      if (lon > b.east) b.east = lon;
      if (lat < b.south) b.south = lat;
      if (lat > b.north) b.north = lat;
    }
  }
  return b;
}

const R_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Spherical area of a ring (km², unsigned), the formula of Chamberlain & Duquette (JPL 2007). */
function ringAreaKm2(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [lon1, lat1] = ring[i] as [number, number];
    const [lon2, lat2] = ring[i + 1] as [number, number];
    sum += (lon2 - lon1) * RAD * (2 + Math.sin(lat1 * RAD) + Math.sin(lat2 * RAD));
  }
  return Math.abs((sum * R_KM * R_KM) / 2);
}

/** Area (km²): outer rings less their holes. */
export function areaKm2(polygons: MultiPolygonCoords): number {
  let total = 0;
  for (const [outer, ...holes] of polygons) {
    if (!outer) continue;
    total += ringAreaKm2(outer) - holes.reduce((s, h) => s + ringAreaKm2(h), 0);
  }
  return total;
}

function segmentDistance2(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  const ex = a[0] + t * dx - p[0];
  const ey = a[1] + t * dy - p[1];
  return ex * ex + ey * ey;
}

/** Douglas–Peucker on one ring (iterative: rings of 20,000 points would overflow a recursion). */
export function simplifyRing(ring: Ring, toleranceDeg: number): Ring {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const tol2 = toleranceDeg * toleranceDeg;
  // A closed ring's ends coincide: split at its farthest point from the start so both halves have a chord.
  let far = 1;
  let farD = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const d = segmentDistance2(
      ring[i] as [number, number],
      ring[0] as [number, number],
      ring[0] as [number, number],
    );
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length - 1],
  ];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    let best = -1;
    let bestD = tol2;
    for (let i = from + 1; i < to; i++) {
      const d = segmentDistance2(
        ring[i] as [number, number],
        ring[from] as [number, number],
        ring[to] as [number, number],
      );
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([from, best], [best, to]);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/** Every ring simplified; rings that collapse below a triangle (small islands) are dropped, holes too. */
export function simplifyPolygons(polygons: MultiPolygonCoords, toleranceDeg: number): MultiPolygonCoords {
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  return polygons
    .map((rings) =>
      rings
        .map((r) => simplifyRing(r, toleranceDeg).map(([x, y]) => [round(x), round(y)] as [number, number]))
        .filter((r) => r.length >= 4),
    )
    .filter((rings) => rings.length > 0);
}
