/** A point on a plane, km. */
export interface PlaneXY {
  x: number;
  y: number;
}

export interface Clusters {
  /** Cluster of each point, 0 … count − 1, numbered in order of each cluster's first point. */
  labels: Int32Array;
  count: number;
  /** Distance tests made between points of neighbouring grid cells (the work beyond one pass per point). */
  pairTests: number;
}

/** Grid offsets (dx, dy) > (0, 0) of the cells a point of cell (0, 0) can be within the link of. */
const NEIGHBOURS: readonly (readonly [number, number])[] = (() => {
  const out: [number, number][] = [];
  for (let dx = 0; dx <= 2; dx++) {
    for (let dy = -2; dy <= 2; dy++) {
      if (dx === 0 && dy <= 0) continue;
      // Closest approach of the two cells, in cell sides: ≤ √2 (the link) or they never link.
      const gx = Math.max(0, Math.abs(dx) - 1);
      const gy = Math.max(0, Math.abs(dy) - 1);
      if (gx * gx + gy * gy <= 2) out.push([dx, dy]);
    }
  }
  return out;
})();

/** Grid coordinates stay below this in size (a plane of ±10⁷ link lengths), so a cell's key is exact. */
const HALF = 2 ** 24;

/**
 * Single-linkage clusters of points on a plane: two points within `linkKm` of each other are in the same
 * cluster. Exact, in time linear in the points for any storm a sensor network records: points fall into
 * square grid cells of side linkKm/√2, so the points of one cell are all within the link and merge without
 * being compared; a cell can only link to the 20 cells around it (two cells away along an axis, one
 * diagonally), and two cells are compared point by point only while they are not yet in the same cluster,
 * stopping at the first link (touching cells first, so that in a storm the cells two apart are mostly
 * joined through them before their turn). Union-find runs over cells, not points.
 */
export function singleLinkage(points: readonly PlaneXY[], linkKm: number): Clusters {
  // A hair under link/√2, so that rounding never puts two points further apart than the link in one cell.
  const side = (linkKm / Math.SQRT2) * (1 - 1e-12);
  const link2 = linkKm * linkKm;
  const cellIndex = new Map<number, number>();
  const members: number[][] = [];
  const gxs: number[] = [];
  const gys: number[] = [];
  const cellOf = new Int32Array(points.length);
  points.forEach((p, i) => {
    const gx = Math.floor(p.x / side);
    const gy = Math.floor(p.y / side);
    const key = (gx + HALF) * 2 * HALF + (gy + HALF);
    let c = cellIndex.get(key);
    if (c === undefined) {
      c = members.length;
      cellIndex.set(key, c);
      members.push([]);
      gxs.push(gx);
      gys.push(gy);
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
      const p = points[i] as PlaneXY;
      for (const j of b) {
        const q = points[j] as PlaneXY;
        pairTests++;
        const dx = p.x - q.x;
        const dy = p.y - q.y;
        if (dx * dx + dy * dy <= link2) return true;
      }
    }
    return false;
  };

  // Touching cells first: in a storm they join nearly everything, so the cells two apart are then mostly
  // in one cluster already and need no test.
  for (const near of [true, false]) {
    for (let c = 0; c < members.length; c++) {
      const gx = gxs[c] as number;
      const gy = gys[c] as number;
      for (const [dx, dy] of NEIGHBOURS) {
        if ((Math.abs(dx) <= 1 && Math.abs(dy) <= 1) !== near) continue;
        const n = cellIndex.get((gx + dx + HALF) * 2 * HALF + (gy + dy + HALF));
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
export function clusterGroups<T extends PlaneXY>(points: readonly T[], linkKm: number): T[][] {
  const { labels, count } = singleLinkage(points, linkKm);
  const groups: T[][] = Array.from({ length: count }, () => []);
  points.forEach((p, i) => {
    groups[labels[i] as number]?.push(p);
  });
  return groups;
}
