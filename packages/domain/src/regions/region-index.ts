import RBush from 'rbush';
import type { Bbox, MultiPolygonCoords, Ring } from './region-geometry.js';

/**
 * Which administrative region a point lies in: an R-tree of the regions' bounding boxes, then an even–odd
 * ray cast on each candidate's rings (holes included). The rings are kept as flat Float64Arrays
 * ([lon0, lat0, lon1, lat1, …]): China's cities at full detail are half a million points, 9 MB so instead of
 * 30 MB as GeoJSON arrays. Neighbours' borders in the source are not exactly shared, so a point within ~100 m
 * of a border may fall in a gap or in both (the first region by code then wins).
 */

/** A polygon's rings, outer first, each flat: [lon0, lat0, lon1, lat1, …]. */
export type CompactPolygon = Float64Array[];

export interface IndexedRegion {
  code: string;
  bbox: Bbox;
  polygons: CompactPolygon[];
}

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  region: IndexedRegion;
}

export function compactPolygons(polygons: MultiPolygonCoords): CompactPolygon[] {
  return polygons.map((rings) => rings.map((ring) => Float64Array.from(ring.flat())));
}

export function pointInRing(lon: number, lat: number, ring: Float64Array): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i] as number;
    const yi = ring[i + 1] as number;
    const xj = ring[j] as number;
    const yj = ring[j + 1] as number;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInPolygons(lon: number, lat: number, polygons: readonly CompactPolygon[]): boolean {
  for (const [outer, ...holes] of polygons) {
    if (!outer || !pointInRing(lon, lat, outer)) continue;
    if (!holes.some((h) => pointInRing(lon, lat, h))) return true;
  }
  return false;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

/** Whether a simple polygon (a nowcast's outline) overlaps a region: a vertex of one inside the other, or
 * crossing edges. */
export function ringIntersectsPolygons(ring: Ring, polygons: readonly CompactPolygon[]): boolean {
  if (ring.some(([lon, lat]) => pointInPolygons(lon, lat, polygons))) return true;
  const flat = Float64Array.from(ring.flat());
  for (const [outer] of polygons) {
    if (!outer) continue;
    for (let j = 0; j < outer.length; j += 2) {
      if (pointInRing(outer[j] as number, outer[j + 1] as number, flat)) return true;
    }
    for (let i = 0; i + 3 < flat.length; i += 2) {
      const [ax, ay, bx, by] = [flat[i], flat[i + 1], flat[i + 2], flat[i + 3]] as number[] as [
        number,
        number,
        number,
        number,
      ];
      for (let j = 0; j + 3 < outer.length; j += 2) {
        const cx = outer[j] as number;
        const cy = outer[j + 1] as number;
        const dx = outer[j + 2] as number;
        const dy = outer[j + 3] as number;
        if (
          orient(ax, ay, bx, by, cx, cy) !== orient(ax, ay, bx, by, dx, dy) &&
          orient(cx, cy, dx, dy, ax, ay) !== orient(cx, cy, dx, dy, bx, by)
        )
          return true;
      }
    }
  }
  return false;
}

export class RegionIndex {
  private readonly tree = new RBush<Entry>();
  private readonly byCode: Map<string, IndexedRegion>;

  constructor(regions: readonly IndexedRegion[]) {
    this.byCode = new Map(regions.map((r) => [r.code, r]));
    this.tree.load(
      [...regions]
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((region) => ({
          minX: region.bbox.west,
          minY: region.bbox.south,
          maxX: region.bbox.east,
          maxY: region.bbox.north,
          region,
        })),
    );
  }

  /** A region's boundary as indexed, or null for a code it does not hold. */
  polygonsOf(code: string): readonly CompactPolygon[] | null {
    return this.byCode.get(code)?.polygons ?? null;
  }

  /** The codes of the regions whose boxes hold the point, in code order (the candidates of `lookup`). */
  candidates(lon: number, lat: number): string[] {
    return this.tree
      .search({ minX: lon, minY: lat, maxX: lon, maxY: lat })
      .map((e) => e.region.code)
      .sort();
  }

  /** Every ring of every region (outer rings and holes). */
  *rings(): Iterable<Float64Array> {
    for (const e of this.tree.all()) for (const polygon of e.region.polygons) yield* polygon;
  }

  /** The region containing the point, or null. */
  lookup(lon: number, lat: number): string | null {
    const hits = this.tree
      .search({ minX: lon, minY: lat, maxX: lon, maxY: lat })
      .sort((a, b) => a.region.code.localeCompare(b.region.code));
    for (const e of hits) if (pointInPolygons(lon, lat, e.region.polygons)) return e.region.code;
    return null;
  }

  /** The regions a ring overlaps (bbox prefilter, then `ringIntersectsPolygons`). */
  overlapping(ring: Ring): string[] {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const [x, y] of ring) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    return this.tree
      .search({ minX, minY, maxX, maxY })
      .filter((e) => ringIntersectsPolygons(ring, e.region.polygons))
      .map((e) => e.region.code);
  }
}
