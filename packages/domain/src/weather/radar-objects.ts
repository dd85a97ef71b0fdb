import { cellHull } from '../cells/cell-hull.js';
import { type LatLon, localPlane, ringToLonLat, type XY } from '../cells/cell-plane.js';
import type { GridGeoref, Inverse } from './radar-grid.js';
import { type CodeArray, type RadarScale, roundValue } from './radar-scale.js';

/**
 * Radar reflectivity objects: the connected regions (8-connectivity) of grid cells at or above a threshold,
 * 35 dBZ by default (the usual mark of a convective core, where hail and lightning become likely). Regions
 * under `minAreaKm2` are speckle or clutter (one or two cells of a 1–2 km grid) and are dropped.
 *
 * Bounded work for the largest grid stored (4,000 × 4,000): one pass over the codes finds the runs of echo
 * cells in each row and joins each to the runs of the row above that touch it (union-find with path halving,
 * no recursion); everything after that is per run, and a storm is a few runs per row. Each object is then
 * measured on its own plane (`localPlane`, as the cell tracker measures a cell): the outline is the concave
 * hull (`cellHull`) of its runs' corners, which include every vertex of the region's boundary; the area is
 * the sum of its cells' (each run a quadrilateral on the plane), not the hull's; the centroid the cells'
 * mean on the globe.
 */
export const RADAR_OBJECTS = {
  thresholdDbz: 35,
  minAreaKm2: 10,
} as const;

/** A radar grid as stored: codes row by row from the top, their scale, and where the grid lies. */
export interface RadarGrid {
  cols: number;
  rows: number;
  codes: CodeArray;
  scale: RadarScale;
  georef: GridGeoref;
  /** Projection x/y → lon/lat (the grid's `projdef`, passed in). */
  inverse: Inverse;
}

export interface RadarObject {
  centroid: LatLon;
  /** Closed GeoJSON ring of [lon, lat], counter-clockwise. */
  ring: [number, number][];
  /** Area of the cells at or above the threshold, km². */
  areaKm2: number;
  maxDbz: number;
}

/** Growable columns of the runs found: row, first and last column, best code, union-find parent. */
class Runs {
  n = 0;
  row = new Int32Array(1024);
  c0 = new Int32Array(1024);
  c1 = new Int32Array(1024);
  best = new Float64Array(1024);
  parent = new Int32Array(1024);

  push(row: number, c0: number, c1: number, best: number): void {
    if (this.n === this.row.length) this.grow();
    const i = this.n++;
    this.row[i] = row;
    this.c0[i] = c0;
    this.c1[i] = c1;
    this.best[i] = best;
    this.parent[i] = i;
  }

  find(i: number): number {
    const p = this.parent;
    while (p[i] !== i) {
      p[i] = p[p[i] as number] as number;
      i = p[i] as number;
    }
    return i;
  }

  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The older run is the root: roots then come in the order of each region's first run.
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }

  private grow(): void {
    const size = this.row.length * 2;
    const more = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.row = more(this.row);
    this.c0 = more(this.c0);
    this.c1 = more(this.c1);
    this.best = more(this.best);
    this.parent = more(this.parent);
  }
}

/** The runs of cells at or above the threshold, joined into regions. */
function findRuns(grid: RadarGrid, thresholdDbz: number): Runs {
  const { cols, rows, codes, scale } = grid;
  const { gain, offset, nodata, undetect } = scale;
  // The threshold as a code (a hair lower, so that a code whose value rounds to the threshold counts).
  const edge = (thresholdDbz - offset) / gain;
  const lo = gain > 0 ? edge - 1e-6 : -Infinity;
  const hi = gain > 0 ? Infinity : edge + 1e-6;
  const up = gain > 0;
  const runs = new Runs();
  let prevStart = 0;
  let prevEnd = 0;
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    const rowStart = runs.n;
    let c = 0;
    while (c < cols) {
      const v = codes[base + c] as number;
      if (!(v >= lo && v <= hi) || v === nodata || v === undetect) {
        c++;
        continue;
      }
      const start = c;
      let best = v;
      c++;
      while (c < cols) {
        const w = codes[base + c] as number;
        if (!(w >= lo && w <= hi) || w === nodata || w === undetect) break;
        if (up ? w > best : w < best) best = w;
        c++;
      }
      runs.push(r, start, c - 1, best);
    }
    // Join with the runs of the row above that touch (diagonals included); both lists run left to right.
    let j = prevStart;
    for (let i = rowStart; i < runs.n; i++) {
      const a0 = (runs.c0[i] as number) - 1;
      const a1 = (runs.c1[i] as number) + 1;
      while (j < prevEnd && (runs.c1[j] as number) < a0) j++;
      for (let k = j; k < prevEnd && (runs.c0[k] as number) <= a1; k++) runs.union(i, k);
    }
    prevStart = rowStart;
    prevEnd = runs.n;
  }
  return runs;
}

const RAD = Math.PI / 180;

/** The objects of a reflectivity grid, largest first. */
export function radarObjects(
  grid: RadarGrid,
  options: { thresholdDbz?: number; minAreaKm2?: number } = {},
): RadarObject[] {
  const thresholdDbz = options.thresholdDbz ?? RADAR_OBJECTS.thresholdDbz;
  const minAreaKm2 = options.minAreaKm2 ?? RADAR_OBJECTS.minAreaKm2;
  const { georef: g, inverse, scale } = grid;
  if (!(scale.gain !== 0 && Number.isFinite(scale.gain))) return [];
  const runs = findRuns(grid, thresholdDbz);
  // Runs grouped by region (a counting sort by root), in the order of each region's first run.
  const region = new Int32Array(runs.n);
  const firstOf = new Map<number, number>();
  for (let i = 0; i < runs.n; i++) {
    const root = runs.find(i);
    let k = firstOf.get(root);
    if (k === undefined) {
      k = firstOf.size;
      firstOf.set(root, k);
    }
    region[i] = k;
  }
  const starts = new Int32Array(firstOf.size + 1);
  for (let i = 0; i < runs.n; i++) {
    const k = (region[i] as number) + 1;
    starts[k] = (starts[k] as number) + 1;
  }
  for (let k = 0; k < firstOf.size; k++) starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number);
  const order = new Int32Array(runs.n);
  const fill = starts.slice(0, firstOf.size);
  for (let i = 0; i < runs.n; i++) {
    const k = region[i] as number;
    const at = fill[k] as number;
    order[at] = i;
    fill[k] = at + 1;
  }

  const lonLat = (col: number, row: number) => inverse(g.x0 + col * g.dx, g.y0 - row * g.dy);
  const out: RadarObject[] = [];
  for (let k = 0; k < firstOf.size; k++) {
    const members = order.subarray(starts[k] as number, starts[k + 1] as number);
    const object = measure(runs, members, lonLat, scale, minAreaKm2);
    if (object) out.push(object);
  }
  return out.sort((a, b) => b.areaKm2 - a.areaKm2);
}

function measure(
  runs: Runs,
  members: Int32Array,
  lonLat: (col: number, row: number) => [number, number] | null,
  scale: RadarScale,
  minAreaKm2: number,
): RadarObject | null {
  // Centroid: the cells' unit vectors summed, each run's at its middle weighted by its length.
  let x = 0;
  let y = 0;
  let z = 0;
  let best = runs.best[members[0] as number] as number;
  for (const i of members) {
    const row = runs.row[i] as number;
    const c0 = runs.c0[i] as number;
    const c1 = runs.c1[i] as number;
    const p = lonLat((c0 + c1 + 1) / 2, row + 0.5);
    const b = runs.best[i] as number;
    if (scale.gain > 0 ? b > best : b < best) best = b;
    if (!p) continue;
    const w = c1 - c0 + 1;
    const φ = p[1] * RAD;
    const λ = p[0] * RAD;
    x += w * Math.cos(φ) * Math.cos(λ);
    y += w * Math.cos(φ) * Math.sin(λ);
    z += w * Math.sin(φ);
  }
  if (x === 0 && y === 0 && z === 0) return null;
  const centroid = { lat: Math.atan2(z, Math.hypot(x, y)) / RAD, lon: Math.atan2(y, x) / RAD };
  const plane = localPlane(centroid);
  const corners: XY[] = [];
  let area = 0;
  for (const i of members) {
    const row = runs.row[i] as number;
    const c0 = runs.c0[i] as number;
    const c1 = (runs.c1[i] as number) + 1;
    const quad: XY[] = [];
    for (const [col, r] of [
      [c0, row + 1],
      [c1, row + 1],
      [c1, row],
      [c0, row],
    ] as const) {
      const p = lonLat(col, r);
      if (p) quad.push(plane.toPlane(p[1], p[0]));
    }
    if (quad.length === 4) area += Math.abs(quadArea(quad));
    corners.push(...quad);
  }
  if (area < minAreaKm2 || corners.length < 3) return null;
  return {
    centroid,
    ring: ringToLonLat(plane, cellHull(corners)),
    areaKm2: Math.round(area * 100) / 100,
    maxDbz: roundValue(best * scale.gain + scale.offset, scale.gain),
  };
}

function quadArea(q: readonly XY[]): number {
  const [a, b, c, d] = q as [XY, XY, XY, XY];
  return ((c[0] - a[0]) * (d[1] - b[1]) - (d[0] - b[0]) * (c[1] - a[1])) / 2;
}
