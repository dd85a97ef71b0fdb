import { orient2d } from 'robust-predicates';

/** A closed ring as [lon, lat] positions, first repeated last. */
export type RingCoords = readonly (readonly [number, number])[];

/** Two edges of a polygon that touch or cross: `ring`/`from` name an edge from position `from` to the next. */
export interface RingCrossing {
  a: { ring: number; from: number };
  b: { ring: number; from: number };
}

interface Edge {
  ring: number;
  /** Index among the ring's non-degenerate edges, for adjacency. */
  k: number;
  /** Position index in the caller's ring where the edge starts. */
  from: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function edgesOf(rings: readonly RingCoords[]): { edges: Edge[]; perRing: number[] } {
  const edges: Edge[] = [];
  const perRing: number[] = [];
  rings.forEach((ring, r) => {
    let k = 0;
    for (let i = 0; i + 1 < ring.length; i++) {
      const [ax, ay] = ring[i] as [number, number];
      const [bx, by] = ring[i + 1] as [number, number];
      // A repeated position is a zero-length edge: harmless, and it has no direction to test.
      if (ax === bx && ay === by) continue;
      edges.push({
        ring: r,
        k: k++,
        from: i,
        ax,
        ay,
        bx,
        by,
        minX: Math.min(ax, bx),
        maxX: Math.max(ax, bx),
        minY: Math.min(ay, by),
        maxY: Math.max(ay, by),
      });
    }
    perRing.push(k);
  });
  return { edges, perRing };
}

const sign = (v: number) => (v > 0 ? 1 : v < 0 ? -1 : 0);

/** (px, py) is known to be collinear with edge e: is it within the edge? */
const within = (e: Edge, px: number, py: number) =>
  px >= e.minX && px <= e.maxX && py >= e.minY && py <= e.maxY;

/** Whether two edges share any point (crossing, touching or overlapping), with exact orientation tests. */
function touch(e: Edge, f: Edge): boolean {
  const d1 = sign(orient2d(e.ax, e.ay, e.bx, e.by, f.ax, f.ay));
  const d2 = sign(orient2d(e.ax, e.ay, e.bx, e.by, f.bx, f.by));
  const d3 = sign(orient2d(f.ax, f.ay, f.bx, f.by, e.ax, e.ay));
  const d4 = sign(orient2d(f.ax, f.ay, f.bx, f.by, e.bx, e.by));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && within(e, f.ax, f.ay)) ||
    (d2 === 0 && within(e, f.bx, f.by)) ||
    (d3 === 0 && within(f, e.ax, e.ay)) ||
    (d4 === 0 && within(f, e.bx, e.by))
  );
}

/**
 * Consecutive edges share their common vertex by design; they are wrong only when the second one turns
 * straight back along the first (a spike), so that they overlap.
 */
function spike(e: Edge, f: Edge): boolean {
  // e ends where f starts (or the other way round for the ring's closing pair).
  const [first, second] = e.bx === f.ax && e.by === f.ay ? [e, f] : [f, e];
  const sx = first.bx;
  const sy = first.by;
  if (orient2d(first.ax, first.ay, sx, sy, second.bx, second.by) !== 0) return false;
  return (first.ax - sx) * (second.bx - sx) + (first.ay - sy) * (second.by - sy) > 0;
}

function adjacent(e: Edge, f: Edge, perRing: number[]): boolean {
  if (e.ring !== f.ring) return false;
  const n = perRing[e.ring] as number;
  const d = Math.abs(e.k - f.k);
  return d === 1 || d === n - 1;
}

const sorted = (found: RingCrossing[]) =>
  found.sort(
    (x, y) => x.a.ring - y.a.ring || x.b.ring - y.b.ring || x.a.from - y.a.from || x.b.from - y.b.from,
  );

/**
 * Every pair of edges of a polygon's rings that touch or cross, except neighbours meeting at their shared
 * vertex. A sweep along longitude: edges are visited by their west end and compared only with edges whose
 * longitude span still overlaps, so ordinary polygons cost far less than all pairs. Stops after `max`.
 */
export function ringCrossings(rings: readonly RingCoords[], max = 10): RingCrossing[] {
  const { edges, perRing } = edgesOf(rings);
  edges.sort((e, f) => e.minX - f.minX);
  const found: RingCrossing[] = [];
  let active: Edge[] = [];
  for (const e of edges) {
    active = active.filter((a) => a.maxX >= e.minX);
    for (const a of active) {
      if (a.maxY < e.minY || a.minY > e.maxY) continue;
      const bad = adjacent(a, e, perRing) ? spike(a, e) : touch(a, e);
      if (!bad) continue;
      const [p, q] = a.ring < e.ring || (a.ring === e.ring && a.from < e.from) ? [a, e] : [e, a];
      found.push({ a: { ring: p.ring, from: p.from }, b: { ring: q.ring, from: q.from } });
      if (found.length >= max) return sorted(found);
    }
    active.push(e);
  }
  return sorted(found);
}
