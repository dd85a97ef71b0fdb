import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.js';
import { globePointKm, type PointKm, singleLinkage } from './storm-clusters.js';

/**
 * The reference: the pairwise single linkage storm-approach.ts used before (a grid of link-sized cells to
 * find candidates, then a distance test for every pair of points in neighbouring cells, union-find over
 * points). Quadratic in a dense storm, exact by construction.
 */
function referenceClusters(points: readonly PointKm[], linkKm: number): number[][] {
  const parent = points.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const p = points[i] as PointKm;
      const q = points[j] as PointKm;
      if (Math.hypot(p.x - q.x, p.y - q.y, (p.z ?? 0) - (q.z ?? 0)) <= linkKm) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, number[]>();
  points.forEach((_, i) => {
    const root = find(i);
    const g = groups.get(root);
    if (g) g.push(i);
    else groups.set(root, [i]);
  });
  return [...groups.values()];
}

function groupsOf(labels: Int32Array, count: number): number[][] {
  const groups: number[][] = Array.from({ length: count }, () => []);
  labels.forEach((label, i) => {
    groups[label]?.push(i);
  });
  return groups;
}

const r = createRandom(20261124);
const rand = () => r.next();

/** Points in `clumps` Gaussian-ish clumps of `spreadKm` over a square of `areaKm`. */
function scatter(n: number, areaKm: number, clumps: number, spreadKm: number): PointKm[] {
  const centres = Array.from({ length: clumps }, () => ({ x: rand() * areaKm, y: rand() * areaKm }));
  return Array.from({ length: n }, () => {
    const c = centres[Math.floor(rand() * clumps)] as PointKm;
    const a = rand() * 2 * Math.PI;
    const d = spreadKm * Math.sqrt(-2 * Math.log(1 - rand()));
    return { x: c.x + d * Math.cos(a), y: c.y + d * Math.sin(a) };
  });
}

describe('singleLinkage', () => {
  const cases: { name: string; points: PointKm[]; link?: number; clusters?: number }[] = [
    { name: 'no points', points: [], clusters: 0 },
    { name: 'one point', points: [{ x: 3, y: -4 }], clusters: 1 },
    {
      name: 'exactly the link apart',
      points: [
        { x: 0, y: 0 },
        { x: 15, y: 0 },
      ],
      clusters: 1,
    },
    {
      name: 'just over the link',
      points: [
        { x: 0, y: 0 },
        { x: 15.001, y: 0 },
      ],
      clusters: 2,
    },
    {
      name: 'two cells apart on an axis',
      points: [
        { x: 0.1, y: 0 },
        { x: 14.9, y: 0.1 },
      ],
      clusters: 1,
    },
    {
      name: 'a chain of links, each 14 km',
      points: Array.from({ length: 20 }, (_, i) => ({ x: 14 * i, y: (i % 2) * 0.5 })),
      clusters: 1,
    },
    {
      name: 'diagonal neighbours',
      points: [
        { x: 0, y: 0 },
        { x: 10.6, y: 10.6 },
      ],
      clusters: 1,
    },
    {
      name: 'negative coordinates',
      points: [
        { x: -0.1, y: -0.1 },
        { x: 0.1, y: 0.1 },
      ],
      clusters: 1,
    },
    {
      name: 'in space: diagonal of a cube',
      points: [
        { x: 0, y: 0, z: 0 },
        { x: 8.6, y: 8.6, z: 8.6 },
        { x: 17.3, y: 17.3, z: 17.3 },
      ],
      clusters: 2,
    },
    {
      // 10.6 km apart across the antimeridian; 2.2 km apart across the north pole; 15.6 km along a meridian.
      name: 'on the globe: the antimeridian and the pole are no seams',
      points: [
        globePointKm(-17, 179.95),
        globePointKm(-17, -179.95),
        globePointKm(89.99, 0),
        globePointKm(89.99, 180),
        globePointKm(45, 10),
        globePointKm(45.14, 10),
      ],
      clusters: 4,
    },
    {
      name: 'a small link',
      points: [
        { x: 0, y: 0 },
        { x: 0.9, y: 0 },
        { x: 2.5, y: 0 },
      ],
      link: 1,
      clusters: 2,
    },
  ];
  it.each(cases)('$name', ({ points, link = 15, clusters }) => {
    const got = singleLinkage(points, link);
    expect(got.count).toBe(clusters);
    expect(groupsOf(got.labels, got.count)).toEqual(referenceClusters(points, link));
  });

  // Property: on random storms of every density the clusters equal the pairwise reference, group by group
  // and in the same order (the order of each cluster's first point, which the approach's ties rely on).
  const storms = [
    { n: 50, areaKm: 200, clumps: 3, spreadKm: 5 },
    { n: 300, areaKm: 200, clumps: 8, spreadKm: 4 },
    { n: 300, areaKm: 400, clumps: 20, spreadKm: 2 },
    { n: 1000, areaKm: 200, clumps: 5, spreadKm: 8 },
    { n: 1000, areaKm: 1000, clumps: 1000, spreadKm: 0 },
    { n: 2000, areaKm: 150, clumps: 10, spreadKm: 3 },
    { n: 500, areaKm: 60, clumps: 500, spreadKm: 0 },
  ];
  it.each(storms)('equals pairwise single linkage: $n points in $clumps clumps over $areaKm km', (s) => {
    for (let round = 0; round < 5; round++) {
      const points = scatter(s.n, s.areaKm, s.clumps, s.spreadKm);
      const link = round === 0 ? 15 : 2 + rand() * 20;
      const got = singleLinkage(points, link);
      expect(groupsOf(got.labels, got.count)).toEqual(referenceClusters(points, link));
    }
  });

  it.each([
    { n: 300, clumps: 20, spreadKm: 3 },
    { n: 1000, clumps: 10, spreadKm: 6 },
  ])('equals pairwise single linkage in space: $n points in $clumps clumps', (s) => {
    for (let round = 0; round < 5; round++) {
      const points = scatter(s.n, 150, s.clumps, s.spreadKm).map((p) => ({ ...p, z: rand() * 20 }));
      const link = round === 0 ? 15 : 2 + rand() * 20;
      const got = singleLinkage(points, link);
      expect(groupsOf(got.labels, got.count)).toEqual(referenceClusters(points, link));
    }
  });

  it('compares few pairs in a dense storm: the work grows with the points, not their square', () => {
    const work = (n: number) => {
      const points = scatter(n, 100, 10, 10);
      return singleLinkage(points, 15).pairTests;
    };
    const small = work(5_000);
    const large = work(50_000);
    // Pairwise the reference would make ~1.25 · 10⁹ tests for 50,000 points; here it is a few per cell.
    expect(large).toBeLessThan(50_000);
    expect(large).toBeLessThan(20 * Math.max(small, 100));
  });
});
