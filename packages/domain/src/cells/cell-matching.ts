import { distanceKm } from '../geo/geodesy.js';
import { moved } from './cell-history.js';
import { insideRing, type LatLon, localPlane, ringToPlane, type XY } from './cell-plane.js';

/**
 * Matching the cells of one step to those of the step before.
 * - Overlap: each previous cell's outline is moved along its velocity to the new step's time, and the
 *   current cell's flashes inside it are counted (on the previous cell's plane; at most 100 flashes per
 *   cell are tested, evenly spread, and the count scaled up). A pair counts when at least 3 flashes and
 *   at least 30 % of either cell's flashes overlap. Since the clustering window (10 min) is far longer than
 *   a step, a cell that lives on shares most of its flashes with itself a minute before.
 * - Ids: pairs are taken largest overlap first; a current cell continues the id of its largest unclaimed
 *   parent. A cell with two or more parents is a merge; a parent's further children get new ids (a split).
 * - A current cell with no overlapping parent continues the nearest previous cell that overlapped nothing,
 *   if that one's extrapolated centroid is within 10 km of its centroid; otherwise it is newborn.
 */
export const MATCHING = {
  maxSample: 100,
  minOverlap: 3,
  overlapShare: 0.3,
  nearSlackKm: 5,
  fallbackKm: 10,
} as const;

export interface MatchPrevious {
  centroid: LatLon;
  /** Closed GeoJSON ring of [lon, lat]. */
  ring: readonly (readonly [number, number])[];
  radiusKm: number;
  flashes: number;
  velocity: readonly [number, number] | null;
}

export interface MatchCurrent {
  centroid: LatLon;
  radiusKm: number;
  points: readonly LatLon[];
}

export interface Match {
  /** The previous cell it continues (its id), or null for a new one. */
  continues: number | null;
  /** Every previous cell it overlaps, with the overlap in flashes. */
  parents: { index: number; overlap: number }[];
}

/** For each current cell (in order), what it continues and overlaps; `minutes` since the previous step. */
export function matchCells(
  previous: readonly MatchPrevious[],
  current: readonly MatchCurrent[],
  minutes: number,
): Match[] {
  const M = MATCHING;
  const ahead = previous.map((p) => moved(p.centroid, p.velocity, minutes));
  const pairs: { p: number; c: number; overlap: number }[] = [];
  const outlines = new Map<number, { plane: ReturnType<typeof localPlane>; ring: XY[] }>();
  const outlineOf = (i: number) => {
    let o = outlines.get(i);
    if (!o) {
      const p = previous[i] as MatchPrevious;
      const plane = localPlane(p.centroid);
      const [dx, dy] = p.velocity ? [p.velocity[0] * minutes, p.velocity[1] * minutes] : [0, 0];
      o = { plane, ring: ringToPlane(plane, p.ring).map(([x, y]): XY => [x + dx, y + dy]) };
      outlines.set(i, o);
    }
    return o;
  };
  current.forEach((c, ci) => {
    const stride = Math.max(1, c.points.length / M.maxSample);
    previous.forEach((p, pi) => {
      const a = ahead[pi] as LatLon;
      const reach = p.radiusKm + c.radiusKm + M.nearSlackKm;
      if (distanceKm(a.lat, a.lon, c.centroid.lat, c.centroid.lon) > reach) return;
      const { plane, ring } = outlineOf(pi);
      let inside = 0;
      let tested = 0;
      for (let k = 0; k < c.points.length; k += stride) {
        const q = c.points[Math.floor(k)] as LatLon;
        const [x, y] = plane.toPlane(q.lat, q.lon);
        tested++;
        if (insideRing(ring, x, y)) inside++;
      }
      const overlap = (inside * c.points.length) / Math.max(1, tested);
      const share = M.overlapShare;
      if (overlap >= M.minOverlap && (overlap >= share * c.points.length || overlap >= share * p.flashes)) {
        pairs.push({ p: pi, c: ci, overlap });
      }
    });
  });

  const matches: Match[] = current.map(() => ({ continues: null, parents: [] }));
  for (const { p, c, overlap } of pairs) (matches[c] as Match).parents.push({ index: p, overlap });
  for (const m of matches) m.parents.sort((a, b) => b.overlap - a.overlap);
  const claimed = new Set<number>();
  for (const { p, c } of [...pairs].sort((a, b) => b.overlap - a.overlap)) {
    const m = matches[c] as Match;
    if (m.continues !== null || claimed.has(p)) continue;
    m.continues = p;
    claimed.add(p);
  }

  const overlapped = new Set(pairs.map((x) => x.p));
  current.forEach((c, ci) => {
    const m = matches[ci] as Match;
    if (m.parents.length > 0) return;
    let best = -1;
    let bestKm: number = M.fallbackKm;
    previous.forEach((_, pi) => {
      if (overlapped.has(pi) || claimed.has(pi)) return;
      const a = ahead[pi] as LatLon;
      const km = distanceKm(a.lat, a.lon, c.centroid.lat, c.centroid.lon);
      if (km <= bestKm) {
        best = pi;
        bestKm = km;
      }
    });
    if (best >= 0) {
      m.continues = best;
      m.parents = [{ index: best, overlap: 0 }];
      claimed.add(best);
    }
  });
  return matches;
}
