import RBush from 'rbush';
import { extentBounds, type LonLatBox, shapeBounds } from '../geo/shape-bounds.js';
import type { ShapeGeometry } from '../geo/shape-distance.js';

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  id: number;
}

type Ring = readonly (readonly [number, number])[];

/**
 * The locations that have predicted warnings on, each as the box of every point within its range of its
 * shape, in an R-tree: a tracker step's few jumping cells find the locations they can threaten without
 * looking at the others (a box that misses a cell's outline and its nowcast rules the location out).
 */
export class PredictIndex {
  private readonly tree = new RBush<Entry>();
  private readonly byId = new Map<number, Entry[]>();

  get size(): number {
    return this.byId.size;
  }

  set(id: number, shape: ShapeGeometry, rangeKm: number): void {
    this.delete(id);
    const entries = shapeBounds(shape, rangeKm).map(([minX, minY, maxX, maxY]) => ({
      minX,
      minY,
      maxX,
      maxY,
      id,
    }));
    this.tree.load(entries);
    this.byId.set(id, entries);
  }

  delete(id: number): void {
    for (const e of this.byId.get(id) ?? []) this.tree.remove(e);
    this.byId.delete(id);
  }

  /** Ids of the locations whose range box meets the box of any of the rings. */
  near(rings: readonly (Ring | null)[]): Set<number> {
    const out = new Set<number>();
    for (const ring of rings) {
      if (!ring || ring.length === 0) continue;
      for (const [minX, minY, maxX, maxY] of ringBoxes(ring)) {
        for (const e of this.tree.search({ minX, minY, maxX, maxY })) out.add(e.id);
      }
    }
    return out;
  }
}

/** The lon/lat box of a small ring (longitudes unwrapped round its first vertex; split across ±180°). */
export function ringBoxes(ring: Ring): LonLatBox[] {
  const first = (ring[0] as readonly [number, number])[0];
  let lonMin = Number.POSITIVE_INFINITY;
  let lonMax = Number.NEGATIVE_INFINITY;
  let latMin = Number.POSITIVE_INFINITY;
  let latMax = Number.NEGATIVE_INFINITY;
  for (const [x, y] of ring) {
    const lon = x - 360 * Math.round((x - first) / 360);
    lonMin = Math.min(lonMin, lon);
    lonMax = Math.max(lonMax, lon);
    latMin = Math.min(latMin, y);
    latMax = Math.max(latMax, y);
  }
  const shift = Math.floor((lonMin + 180) / 360) * 360;
  return extentBounds({ lonMin: lonMin - shift, lonMax: lonMax - shift, latMin, latMax, pole: null }, 0);
}
