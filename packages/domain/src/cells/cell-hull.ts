import concaveman from 'concaveman';
import { bufferedHull, signedArea, type XY } from './cell-plane.js';

/**
 * The outline of a cell's flashes on its plane. Flashes are first thinned to one per 1 km square (a storm
 * of 20,000 flashes in one cell becomes a few thousand distinct points, and the outline cannot change by
 * more than the square), then outlined by a concave hull (`concaveman`, concavity 2, edges under 2 km not
 * refined further). A hull thinner than the location error of a flash (fewer than three distinct points,
 * points in a line, or under 1 km²) is replaced by the flashes' convex hull grown by 1 km, so that every
 * cell has an area.
 */
export const HULL_LIMITS = {
  thinKm: 1,
  concavity: 2,
  lengthThresholdKm: 2,
  minAreaKm2: 1,
  minBufferKm: 1,
} as const;

/** A counter-clockwise ring (not closed) round the points. */
export function cellHull(points: readonly XY[]): XY[] {
  const L = HULL_LIMITS;
  const seen = new Set<number>();
  const thin: XY[] = [];
  for (const p of points) {
    // Two 26-bit square indices in one exact number (±33 million squares either way).
    const key = (Math.floor(p[0] / L.thinKm) + 2 ** 25) * 2 ** 26 + Math.floor(p[1] / L.thinKm) + 2 ** 25;
    if (seen.has(key)) continue;
    seen.add(key);
    thin.push(p);
  }
  if (thin.length >= 3) {
    const hull = concaveman(thin as number[][], L.concavity, L.lengthThresholdKm) as XY[];
    // concaveman closes its ring; the ring here is open.
    const open = hull.length > 1 ? hull.slice(0, -1) : hull;
    const area = signedArea(open);
    if (Math.abs(area) >= L.minAreaKm2 && open.length >= 3) return area < 0 ? open.reverse() : open;
  }
  return bufferedHull(thin, L.minBufferKm);
}
