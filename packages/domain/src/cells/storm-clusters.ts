import { EARTH_RADIUS_KM } from '../geo/geodesy.js';

/** A point in km: on a plane (z omitted), or in space (Earth-centred, for points on the globe). */
export interface PointKm {
  x: number;
  y: number;
  z?: number;
}

/**
 * A point on the globe as Earth-centred coordinates in km. The straight (chord) distance between two such
 * points is shorter than the great-circle one by d³/24R², under a micrometre at a 15 km link: clustering
 * them needs no map projection, and has no seam at the antimeridian and no pole.
 */
export function globePointKm(lat: number, lon: number): Required<PointKm> {
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  const r = EARTH_RADIUS_KM * Math.cos(φ);
  return { x: r * Math.cos(λ), y: r * Math.sin(λ), z: EARTH_RADIUS_KM * Math.sin(φ) };
}

export interface Clusters {
  /** Cluster of each point, 0 … count − 1, numbered in order of each cluster's first point. */
  labels: Int32Array;
  count: number;
  /** Distance tests made between points of neighbouring grid cells (the work beyond one pass per point). */
  pairTests: number;
}

/**
 * Grid offsets (dx, dy, dz) after (0, 0, 0) in lexicographic order, of the cells a point of cell (0, 0, 0)
 * can be within the link of: the cells are cubes whose diagonal is the link, so every cell up to two away
 * along each axis. Touching cells come first.
 */
const NEIGHBOURS: readonly (readonly [number, number, number])[] = (() => {
  const out: [number, number, number][] = [];
  for (let dx = 0; dx <= 2; dx++) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dz = -2; dz <= 2; dz++) {
        if (dx === 0 && (dy < 0 || (dy === 0 && dz <= 0))) continue;
        out.push([dx, dy, dz]);
      }
    }
  }
  const touching = (o: readonly number[]) => o.every((d) => Math.abs(d) <= 1);
  return [...out.filter(touching), ...out.filter((o) => !touching(o))];
})();
const TOUCHING = NEIGHBOURS.filter((o) => o.every((d) => Math.abs(d) <= 1)).length;

/** Grid coordinates stay below this in size (±65,536 cells: ±567,000 km at a 15 km link), so keys are exact. */
const HALF = 2 ** 16;
const cellKey = (gx: number, gy: number, gz: number) =>
  ((gx + HALF) * 2 * HALF + (gy + HALF)) * 2 * HALF + gz + HALF;

/**
 * Single-linkage clusters of points on a plane or in space: two points within `linkKm` of each other are in
 * the same cluster. Exact, in time linear in the points for any storm a sensor network records: points fall
 * into cubic grid cells of side linkKm/√3, so the points of one cell are all within the link and merge
 * without being compared; a cell can only link to the cells up to two away along each axis, and two cells
 * are compared point by point only while they are not yet in the same cluster, stopping at the first link
 * (touching cells first, so that in a storm the cells two apart are mostly joined through them before their
 * turn). Union-find runs over cells, not points.
 */
export function singleLinkage(points: readonly PointKm[], linkKm: number): Clusters {
  // A hair under link/√3, so that rounding never puts two points further apart than the link in one cell.
  const side = (linkKm / Math.sqrt(3)) * (1 - 1e-12);
  const link2 = linkKm * linkKm;
  const cellIndex = new Map<number, number>();
  const members: number[][] = [];
  const grid: [number, number, number][] = [];
  const cellOf = new Int32Array(points.length);
  points.forEach((p, i) => {
    const g: [number, number, number] = [
      Math.floor(p.x / side),
      Math.floor(p.y / side),
      Math.floor((p.z ?? 0) / side),
    ];
    const key = cellKey(...g);
    let c = cellIndex.get(key);
    if (c === undefined) {
      c = members.length;
      cellIndex.set(key, c);
      members.push([]);
      grid.push(g);
    }
    (members[c] as number[]).push(i);
    cellOf[i] = c;
  });

  const parent = new Int32Array(members.length).map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    for (let j = i; parent[j] !== r; ) {
      const next = parent[j] as number;
      parent[j] = r;
      j = next;
    }
    return r;
  };

  let pairTests = 0;
  const linked = (a: readonly number[], b: readonly number[]): boolean => {
    for (const i of a) {
      const p = points[i] as PointKm;
      for (const j of b) {
        const q = points[j] as PointKm;
        pairTests++;
        const dx = p.x - q.x;
        const dy = p.y - q.y;
        const dz = (p.z ?? 0) - (q.z ?? 0);
        if (dx * dx + dy * dy + dz * dz <= link2) return true;
      }
    }
    return false;
  };

  // Touching cells first: in a storm they join nearly everything, so the cells two apart are then mostly
  // in one cluster already and need no test.
  for (const [from, to] of [
    [0, TOUCHING],
    [TOUCHING, NEIGHBOURS.length],
  ] as const) {
    for (let c = 0; c < members.length; c++) {
      const [gx, gy, gz] = grid[c] as [number, number, number];
      for (let k = from; k < to; k++) {
        const [dx, dy, dz] = NEIGHBOURS[k] as [number, number, number];
        const n = cellIndex.get(cellKey(gx + dx, gy + dy, gz + dz));
        if (n === undefined) continue;
        const rc = find(c);
        const rn = find(n);
        if (rc === rn) continue;
        if (linked(members[c] as number[], members[n] as number[])) parent[rn] = rc;
      }
    }
  }

  const labels = new Int32Array(points.length);
  const labelOfRoot = new Map<number, number>();
  for (let i = 0; i < points.length; i++) {
    const root = find(cellOf[i] as number);
    let label = labelOfRoot.get(root);
    if (label === undefined) {
      label = labelOfRoot.size;
      labelOfRoot.set(root, label);
    }
    labels[i] = label;
  }
  return { labels, count: labelOfRoot.size, pairTests };
}

/** The points grouped by cluster, in label order. */
export function clusterGroups<T extends PointKm>(points: readonly T[], linkKm: number): T[][] {
  const { labels, count } = singleLinkage(points, linkKm);
  const groups: T[][] = Array.from({ length: count }, () => []);
  points.forEach((p, i) => {
    groups[labels[i] as number]?.push(p);
  });
  return groups;
}
