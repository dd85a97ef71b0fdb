import type { CellLifecycle, CellTrend } from '@thunderwatch/shared/schemas/cells';
import type { Feature, LineString, Point, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  arrowFeatures,
  cellMapData,
  centreFeature,
  coneFeatures,
  coneOpacity,
  hullFeature,
  JUMP_COLOR,
  JUMP_WIDTH,
  LIFECYCLE_COLORS,
  leadingVertex,
  trackFeatures,
  trackOpacity,
} from './cell-features';
import { makeCell, makeTrack, T0 } from './cell-fixtures';

const MIN = 60_000;

describe('cell styling', () => {
  it.each([
    [15, 0.24],
    [30, 0.18],
    [60, 0.06],
    [120, 0.06],
  ])('a +%i min cone is filled at %f (lighter with lead time, never invisible)', (lead, opacity) => {
    expect(coneOpacity(lead)).toBe(opacity);
  });

  it.each([
    [-5, 1],
    [0, 1],
    [30, 0.575],
    [60, 0.15],
    [90, 0.15],
  ])('a track segment %i min old has opacity %f', (age, opacity) => {
    expect(trackOpacity(age)).toBe(opacity);
  });

  it.each<[CellLifecycle, CellTrend, boolean, { edge: string; width: number; decaying: boolean }]>([
    ['born', 'growing', false, { edge: LIFECYCLE_COLORS.born, width: 2.5, decaying: false }],
    ['mature', 'steady', false, { edge: LIFECYCLE_COLORS.mature, width: 1.5, decaying: false }],
    ['decaying', 'decaying', false, { edge: LIFECYCLE_COLORS.decaying, width: 1, decaying: true }],
    ['mature', 'growing', true, { edge: JUMP_COLOR, width: JUMP_WIDTH, decaying: false }],
    ['split', 'decaying', true, { edge: JUMP_COLOR, width: JUMP_WIDTH, decaying: true }],
  ])('a %s cell trending %s (jump %s) is outlined %o', (lifecycle, trend, jump, style) => {
    const hull = hullFeature(makeCell({ lifecycle, trend, jump }));
    expect(hull.properties).toEqual({
      kind: 'hull',
      id: 'c1',
      color: LIFECYCLE_COLORS[lifecycle],
      jump,
      ...style,
    });
    expect(hull.geometry.coordinates[0]).toHaveLength(5);
  });

  it.each([
    ['growing', false],
    ['mature', true],
  ] as const)('marks the centroid of a %s cell (jump %s) in its colour', (lifecycle, jump) => {
    const mark = centreFeature(makeCell({ lifecycle, jump, centroid: [110, 20] }));
    expect(mark.geometry.coordinates).toEqual([110, 20]);
    expect(mark.properties).toEqual({ kind: 'centre', id: 'c1', color: LIFECYCLE_COLORS[lifecycle], jump });
  });
});

describe('nowcast cones', () => {
  const diamond: [number, number][] = [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
    [0, 1],
  ];
  it.each([
    [0, [0, 1]],
    [90, [1, 0]],
    [180, [0, -1]],
    [270, [-1, 0]],
    [30, [0, 1]],
    [60, [1, 0]],
  ])('labels a cone moving towards %i° at its leading vertex %o', (direction, vertex) => {
    expect(leadingVertex(diamond, direction)).toEqual(vertex);
  });

  it('has no leading vertex for an empty ring', () => {
    expect(leadingVertex([], 90)).toBeNull();
  });

  it('draws the furthest lead first with its label at the leading (east) edge', () => {
    const features = coneFeatures(makeCell());
    expect(features.map((f) => [f.properties?.kind, f.properties?.lead])).toEqual([
      ['cone', 60],
      ['lead', 60],
      ['cone', 30],
      ['lead', 30],
      ['cone', 15],
      ['lead', 15],
    ]);
    const cone15 = features[4]?.geometry as Polygon;
    const label15 = features[5]?.geometry as Point;
    const eastmost = Math.max(...(cone15.coordinates[0] ?? []).map(([lon]) => lon ?? 0));
    expect(label15.coordinates[0]).toBe(eastmost);
    expect(features[0]?.properties?.opacity).toBeLessThan(features[4]?.properties?.opacity);
  });

  it('colours the cones of a jumping cell in the jump colour, and has none without motion', () => {
    expect(coneFeatures(makeCell({ jump: true }))[0]?.properties?.color).toBe(JUMP_COLOR);
    expect(coneFeatures(makeCell({ motion: null }))).toEqual([]);
  });
});

describe('motion arrows', () => {
  it.each([
    ['unknown motion', null, 0],
    ['a stationary cell', { speed_kmh: 1.5, direction_deg: 90 }, 0],
    ['a moving cell', { speed_kmh: 60, direction_deg: 90 }, 2],
  ])('draws %s with %i features', (_name, motion, count) => {
    expect(arrowFeatures(makeCell({ motion }))).toHaveLength(count);
  });

  it('points 30 min of travel along the motion and turns the head that way', () => {
    const [shaft, head] = arrowFeatures(
      makeCell({ centroid: [0, 0], motion: { speed_kmh: 60, direction_deg: 90 } }),
    );
    const [from, to] = (shaft as Feature<LineString>).geometry.coordinates;
    expect(from).toEqual([0, 0]);
    // 30 km along the equator is 0.2698°.
    expect(to?.[0]).toBeCloseTo(0.2698, 3);
    expect(to?.[1]).toBeCloseTo(0, 6);
    expect((head as Feature<Point>).geometry.coordinates).toEqual(to);
    expect(head?.properties).toEqual({ kind: 'arrow-head', id: 'c1', direction: 90 });
  });
});

describe('tracks', () => {
  it('keeps the hour before the time shown, fades each segment by its newer end, marks jumps', () => {
    const track = makeTrack([70, 50, 30, 0, -5], [30]);
    const features = trackFeatures(track, T0);
    expect(features.map((f) => f.properties?.kind)).toEqual(['track', 'track-jump', 'track']);
    const [older, jump, newest] = features;
    expect((older as Feature<LineString>).geometry.coordinates).toEqual([
      [113.3 - 0.5, 23.1],
      [113.3 - 0.3, 23.1],
    ]);
    expect(older?.properties?.opacity).toBe(0.575);
    expect(older?.properties?.color).toBe(LIFECYCLE_COLORS.mature);
    expect((jump as Feature<Point>).geometry.coordinates).toEqual([113.3 - 0.3, 23.1]);
    expect(newest?.properties?.opacity).toBe(1);
  });

  it.each([
    ['a single step', [0], 0],
    ['steps all after the time shown', [-1, -2], 0],
    ['steps all older than an hour', [61, 90], 0],
    ['two steps in the window', [10, 0], 1],
  ])('draws no line for %s (%o → %i segments)', (_name, back, segments) => {
    const features = trackFeatures(makeTrack(back), T0);
    expect(features.filter((f) => f.properties?.kind === 'track')).toHaveLength(segments);
  });

  it('follows the replay: the same track shown 30 min earlier ends 30 min earlier', () => {
    const track = makeTrack([50, 40, 30, 20, 10, 0]);
    expect(trackFeatures(track, T0)).toHaveLength(5);
    expect(trackFeatures(track, T0 - 30 * MIN)).toHaveLength(2);
  });
});

describe('cellMapData', () => {
  it('stacks cones, tracks, hulls and arrows in drawing order, centre marks apart', () => {
    const data = cellMapData(
      { type: 'FeatureCollection', time: new Date(T0).toISOString(), features: [makeCell({ jump: true })] },
      { items: [makeTrack([2, 1, 0])] },
      T0,
    );
    const kinds = data.shapes.features.map((f) => f.properties?.kind);
    expect([...new Set(kinds)]).toEqual(['cone', 'lead', 'track', 'hull', 'arrow', 'arrow-head']);
    expect(kinds.filter((k) => k === 'hull')).toHaveLength(1);
    expect(data.marks.features.map((f) => f.properties?.kind)).toEqual(['centre']);
  });

  it('draws tracks alone before any cell, and nothing before anything loaded', () => {
    const none = cellMapData(undefined, undefined, T0);
    expect([none.shapes.features, none.marks.features]).toEqual([[], []]);
    const onlyTracks = cellMapData(
      { type: 'FeatureCollection', time: null, features: [] },
      { items: [makeTrack([1, 0])] },
      T0,
    );
    expect(onlyTracks.shapes.features.map((f) => f.properties?.kind)).toEqual(['track']);
    expect(onlyTracks.marks.features).toEqual([]);
  });
});
