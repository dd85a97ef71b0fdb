import RBush from 'rbush';
import type { Bbox, MultiPolygonCoords, Ring } from './region-geometry.js';

/**
 * Which administrative region a point lies in: an R-tree of the regions' bounding boxes, then an even–odd
 * ray cast on each candidate's rings (holes included). A point exactly on a shared border belongs to the
 * region whose ray cast says so (one of the two for a vertical or horizontal edge; the datasets' borders of
 * neighbours are not exactly shared, so a point within ~100 m of a border may fall in a gap or in both —
 * the first region by code then wins).
 */

export interface IndexedRegion {
  code: string;
  bbox: Bbox;
  polygons: MultiPolygonCoords;
}

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  region: IndexedRegion;
}

export function pointInRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInPolygons(lon: number, lat: number, polygons: MultiPolygonCoords): boolean {
  for (const [outer, ...holes] of polygons) {
    if (!outer || !pointInRing(lon, lat, outer)) continue;
    if (!holes.some((h) => pointInRing(lon, lat, h))) return true;
  }
  return false;
}

function segmentsCross(a: Ring[number], b: Ring[number], c: Ring[number], d: Ring[number]): boolean {
  const orient = (p: Ring[number], q: Ring[number], r: Ring[number]) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return orient(a, b, c) !== orient(a, b, d) && orient(c, d, a) !== orient(c, d, b);
}

/** Whether a simple polygon (a nowcast's outline) overlaps a region: a vertex of one inside the other, or
 * crossing edges. */
export function ringIntersectsPolygons(ring: Ring, polygons: MultiPolygonCoords): boolean {
  if (ring.some(([lon, lat]) => pointInPolygons(lon, lat, polygons))) return true;
  for (const rings of polygons) {
    const outer = rings[0];
    if (!outer) continue;
    if (outer.some(([lon, lat]) => pointInRing(lon, lat, ring))) return true;
    for (let i = 0; i + 1 < ring.length; i++) {
      for (let j = 0; j + 1 < outer.length; j++) {
        if (
          segmentsCross(
            ring[i] as Ring[number],
            ring[i + 1] as Ring[number],
            outer[j] as Ring[number],
            outer[j + 1] as Ring[number],
          )
        )
          return true;
      }
    }
  }
  return false;
}

export class RegionIndex {
  private readonly tree = new RBush<Entry>();

  constructor(regions: readonly IndexedRegion[]) {
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
