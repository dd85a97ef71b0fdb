import type { PolygonGeometry, Position } from '@thunderwatch/shared/schemas/geo';

/**
 * A polygon being drawn or edited: its vertices in order, without the closing point GeoJSON repeats, and
 * whether the user has finished it. Pure helpers; the map layer and the controls share them.
 */
export interface PolygonDraft {
  vertices: Position[];
  closed: boolean;
}

export const EMPTY_DRAFT: PolygonDraft = { vertices: [], closed: false };
export const MIN_VERTICES = 3;

/** Degrees under which two vertices count as the same click (well under a pixel at street zoom). */
const SAME_VERTEX_DEG = 1e-7;

const same = (a: Position | undefined, b: Position | undefined) =>
  a !== undefined &&
  b !== undefined &&
  Math.abs(a[0] - b[0]) < SAME_VERTEX_DEG &&
  Math.abs(a[1] - b[1]) < SAME_VERTEX_DEG;

/** GeoJSON wants 6 decimals at most for ~0.1 m; more only bloats the zone files. */
const round = (p: Position): Position => [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];

export function addVertex(draft: PolygonDraft, p: Position): PolygonDraft {
  const vertex = round(p);
  if (draft.closed || same(draft.vertices.at(-1), vertex)) return draft;
  return { ...draft, vertices: [...draft.vertices, vertex] };
}

export function moveVertex(draft: PolygonDraft, index: number, p: Position): PolygonDraft {
  if (index < 0 || index >= draft.vertices.length) return draft;
  return { ...draft, vertices: draft.vertices.map((v, i) => (i === index ? round(p) : v)) };
}

/** A new vertex between `index` and the next one (the edge's midpoint handle was dragged). */
export function insertVertex(draft: PolygonDraft, index: number, p: Position): PolygonDraft {
  const vertices = [...draft.vertices];
  vertices.splice(index + 1, 0, round(p));
  return { ...draft, vertices };
}

/** Removes a vertex, unless a finished polygon would be left with fewer than three. */
export function removeVertex(draft: PolygonDraft, index: number): PolygonDraft {
  if (draft.closed && draft.vertices.length <= MIN_VERTICES) return draft;
  return { ...draft, vertices: draft.vertices.filter((_, i) => i !== index) };
}

export function undoVertex(draft: PolygonDraft): PolygonDraft {
  return draft.closed ? draft : { ...draft, vertices: draft.vertices.slice(0, -1) };
}

/** Closes the polygon; repeated trailing clicks (the two clicks of a double-click) count once. */
export function finish(draft: PolygonDraft): PolygonDraft {
  const vertices = draft.vertices.filter((v, i) => i === 0 || !same(v, draft.vertices[i - 1]));
  if (same(vertices[0], vertices.at(-1)) && vertices.length > 1) vertices.pop();
  if (vertices.length < MIN_VERTICES) return { ...draft, vertices };
  return { vertices, closed: true };
}

export const canFinish = (draft: PolygonDraft) => !draft.closed && finish(draft).closed;

/**
 * The finished draft as a GeoJSON polygon (ring closed), or null while it is not finished. `holes` of the
 * polygon it was loaded from go along unchanged: only the outer ring is edited on the map.
 */
export function toPolygon(draft: PolygonDraft, holes: Position[][] = []): PolygonGeometry | null {
  if (!draft.closed || draft.vertices.length < MIN_VERTICES) return null;
  return { type: 'Polygon', coordinates: [[...draft.vertices, draft.vertices[0] as Position], ...holes] };
}

/** A saved polygon's outer ring as a finished draft (holes are kept by the server, not edited here). */
export function fromPolygon(polygon: PolygonGeometry): PolygonDraft {
  const outer = polygon.coordinates[0] ?? [];
  const vertices = outer.length > 1 && same(outer[0], outer.at(-1)) ? outer.slice(0, -1) : [...outer];
  return { vertices: vertices.map((v) => [v[0], v[1]]), closed: vertices.length >= MIN_VERTICES };
}

/** Each edge's midpoint with the index of the edge's first vertex (closed: the last edge too). */
export function midpoints(draft: PolygonDraft): { index: number; at: Position }[] {
  const { vertices } = draft;
  const edges = draft.closed ? vertices.length : vertices.length - 1;
  const out: { index: number; at: Position }[] = [];
  for (let i = 0; i < edges; i += 1) {
    const a = vertices[i] as Position;
    const b = vertices[(i + 1) % vertices.length] as Position;
    out.push({ index: i, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] });
  }
  return out;
}
