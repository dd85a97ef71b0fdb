import type { Position } from '@thunderwatch/shared/schemas/geo';
import { describe, expect, it } from 'vitest';
import {
  addVertex,
  canFinish,
  EMPTY_DRAFT,
  finish,
  fromPolygon,
  insertVertex,
  midpoints,
  moveVertex,
  type PolygonDraft,
  removeVertex,
  toPolygon,
  undoVertex,
} from './polygon-draft';

const triangle: Position[] = [
  [113, 23],
  [113.1, 23],
  [113.05, 23.1],
];
const open = (vertices: Position[]): PolygonDraft => ({ vertices, closed: false });
const closed = (vertices: Position[]): PolygonDraft => ({ vertices, closed: true });

describe('drawing a polygon', () => {
  it('adds clicked vertices, rounded to 6 decimals, and ignores a repeated click', () => {
    let draft = addVertex(EMPTY_DRAFT, [113.123456789, 23.987654321]);
    draft = addVertex(draft, [113.123456789, 23.987654321]);
    expect(draft.vertices).toEqual([[113.123457, 23.987654]]);
  });

  it('does not add vertices once finished', () => {
    expect(addVertex(closed(triangle), [114, 24]).vertices).toHaveLength(3);
  });

  it.each([
    ['two vertices', triangle.slice(0, 2), false],
    ['three vertices', triangle, true],
    ['three clicks, two on the same spot (double-click)', [...triangle.slice(0, 2), triangle[1]], false],
    ['already finished', null, false],
  ] as const)('can finish with %s: %s', (_name, vertices, expected) => {
    const draft = vertices ? open([...vertices] as Position[]) : closed(triangle);
    expect(canFinish(draft)).toBe(expected);
  });

  it('finishing drops the doubled last click of a double-click and a click back on the first vertex', () => {
    const doubled = finish(open([...triangle, triangle[2] as Position]));
    expect(doubled).toEqual(closed(triangle));
    const backToStart = finish(open([...triangle, triangle[0] as Position]));
    expect(backToStart).toEqual(closed(triangle));
  });

  it('undo removes the last vertex while drawing only', () => {
    expect(undoVertex(open(triangle)).vertices).toHaveLength(2);
    expect(undoVertex(closed(triangle)).vertices).toHaveLength(3);
  });
});

describe('editing a polygon', () => {
  it('moves a vertex and leaves the others', () => {
    const moved = moveVertex(closed(triangle), 1, [113.2, 22.9]);
    expect(moved.vertices).toEqual([triangle[0], [113.2, 22.9], triangle[2]]);
    expect(moveVertex(closed(triangle), 7, [0, 0])).toEqual(closed(triangle));
  });

  it('inserts a vertex after the edge start whose midpoint was dragged', () => {
    const draft = insertVertex(closed(triangle), 2, [113, 23.05]);
    expect(draft.vertices.at(-1)).toEqual([113, 23.05]);
    expect(draft.vertices).toHaveLength(4);
  });

  it('removes a vertex but never leaves a finished polygon with fewer than three', () => {
    const square = insertVertex(closed(triangle), 0, [113.05, 22.95]);
    expect(removeVertex(square, 1).vertices).toEqual(triangle);
    expect(removeVertex(closed(triangle), 0).vertices).toHaveLength(3);
  });

  it('offers a midpoint on every edge, including the closing edge once finished', () => {
    expect(midpoints(open(triangle)).map((m) => m.index)).toEqual([0, 1]);
    const all = midpoints(closed(triangle));
    expect(all.map((m) => m.index)).toEqual([0, 1, 2]);
    expect(all[2]?.at[0]).toBeCloseTo(113.025, 9);
    expect(all[2]?.at[1]).toBeCloseTo(23.05, 9);
  });
});

describe('GeoJSON', () => {
  it('closes the ring of a finished draft and keeps holes', () => {
    const hole: Position[] = [
      [113.04, 23.02],
      [113.06, 23.02],
      [113.05, 23.04],
      [113.04, 23.02],
    ];
    expect(toPolygon(closed(triangle), [hole])).toEqual({
      type: 'Polygon',
      coordinates: [[...triangle, triangle[0]], hole],
    });
  });

  it('gives no polygon while drawing', () => {
    expect(toPolygon(open(triangle))).toBeNull();
  });

  it('reads a saved polygon back as a finished draft', () => {
    const polygon = toPolygon(closed(triangle));
    expect(polygon && fromPolygon(polygon)).toEqual(closed(triangle));
  });
});
