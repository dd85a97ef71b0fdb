/**
 * A fast path in front of a point-in-region lookup: the 0.1° cells that no boundary edge touches lie wholly in
 * one region (or none), so their answer is looked up once, at the cell's centre, and remembered; only points
 * in cells a boundary crosses take the full lookup. Exact: every edge marks every cell of its bounding box
 * (long edges in pieces), so an unmarked cell holds no boundary at all.
 */

const PER_DEGREE = 10;
const PIECE_DEG = 0.05;

const key = (cy: number, cx: number) => cy * 4000 + cx;

export function gridLookup(
  lookup: (lon: number, lat: number) => string | null,
  rings: Iterable<Float64Array>,
): (lon: number, lat: number) => string | null {
  const boundary = new Set<number>();
  const mark = (x0: number, y0: number, x1: number, y1: number) => {
    const cx0 = Math.floor(Math.min(x0, x1) * PER_DEGREE);
    const cx1 = Math.floor(Math.max(x0, x1) * PER_DEGREE);
    const cy0 = Math.floor(Math.min(y0, y1) * PER_DEGREE);
    const cy1 = Math.floor(Math.max(y0, y1) * PER_DEGREE);
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) boundary.add(key(cy, cx));
  };
  for (const ring of rings) {
    for (let i = 0; i + 3 < ring.length; i += 2) {
      const x0 = ring[i] as number;
      const y0 = ring[i + 1] as number;
      const x1 = ring[i + 2] as number;
      const y1 = ring[i + 3] as number;
      const pieces = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / PIECE_DEG));
      for (let k = 0; k < pieces; k++) {
        const a = k / pieces;
        const b = (k + 1) / pieces;
        mark(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b);
      }
    }
  }
  const inner = new Map<number, string | null>();
  return (lon, lat) => {
    const cy = Math.floor(lat * PER_DEGREE);
    const cx = Math.floor(lon * PER_DEGREE);
    const k = key(cy, cx);
    if (boundary.has(k)) return lookup(lon, lat);
    let code = inner.get(k);
    if (code === undefined) {
      code = lookup((cx + 0.5) / PER_DEGREE, (cy + 0.5) / PER_DEGREE);
      inner.set(k, code);
    }
    return code;
  };
}
