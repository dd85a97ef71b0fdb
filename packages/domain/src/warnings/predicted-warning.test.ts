import { describe, expect, it } from 'vitest';
import { insideRing, localPlane, ringToLonLat, ringToPlane, type XY } from '../cells/cell-plane.js';
import { createRandom } from '../common/random.js';
import { distanceKm } from '../geo/geodesy.js';
import { distanceToShape } from '../geo/shape-distance.js';
import {
  cellThreat,
  INITIAL_PREDICTED,
  nextPredicted,
  type PredictCell,
  type PredictedState,
  type PredictSetting,
  predictAllClearMs,
  predictedClearAt,
  shownChanges,
  shownLevel,
} from './predicted-warning.js';
import type { RingRule } from './ring-rules.js';

const MIN = 60_000;
const site = { lat: 30, lon: 114 };
const toSite = (lat: number, lon: number) => distanceKm(site.lat, site.lon, lat, lon);
const plane = localPlane(site);
/** A 10 × 10 km square whose centre is `eastKm` east of the site. */
const square = (eastKm: number) =>
  ringToLonLat(
    plane,
    [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
    ].map(([x, y]): XY => [(x as number) + eastKm, y as number]),
  );
const cell = (
  eastKm: number,
  jump: boolean,
  nowcastEastKm: number | null = null,
  more: Partial<PredictCell> = {},
): PredictCell => ({
  id: `c${eastKm}`,
  jump,
  flashRatePerMin: 1,
  trend: 'steady',
  ...more,
  centroid: plane.toLatLon(eastKm, 0),
  ring: square(eastKm),
  nowcast30: nowcastEastKm === null ? null : square(nowcastEastKm),
  motion: { speedKmh: 40, directionDeg: 270 },
  ...more,
});
/** An active cell (5 flashes a minute) without a jump, heading west, its +30 min nowcast at `nowcastEastKm`. */
const active = (eastKm: number, nowcastEastKm: number, more: Partial<PredictCell> = {}) =>
  cell(eastKm, false, nowcastEastKm, { flashRatePerMin: 5, ...more });

describe('cellThreat', () => {
  it.each([
    {
      name: 'a jumping cell 44.5 km east (edge 39.5 km)',
      cells: [cell(44.5, true)],
      threat: ['c44.5', 39.5],
    },
    { name: 'a jumping cell 50 km east (edge 45 km)', cells: [cell(50, true)], threat: null },
    { name: 'a cell without a jump over the site', cells: [cell(0, false)], threat: null },
    { name: 'a jumping cell over the site', cells: [cell(0, true)], threat: ['c0', 0] },
    { name: 'far now, its +30 min nowcast within range', cells: [cell(90, true, 30)], threat: ['c90', 85] },
    { name: 'far now and at +30 min', cells: [cell(90, true, 70)], threat: null },
    {
      name: 'of two jumping cells in range, the nearer now',
      cells: [cell(90, true, 30), cell(20, true), cell(10, false)],
      threat: ['c20', 15],
    },
    {
      name: 'an active cell whose +30 min nowcast covers the site',
      cells: [active(40, 0)],
      threat: ['c40', 35, 'nowcast'],
    },
    { name: 'an active cell whose +30 min nowcast stops 1 km short', cells: [active(40, 6)], threat: null },
    { name: 'the same cell decaying', cells: [active(40, 0, { trend: 'decaying' })], threat: null },
    {
      name: 'the same cell growing',
      cells: [active(40, 0, { trend: 'growing' })],
      threat: ['c40', 35, 'nowcast'],
    },
    {
      name: 'the same cell below 2 flashes a minute',
      cells: [active(40, 0, { flashRatePerMin: 1.9 })],
      threat: null,
    },
    { name: 'the same cell without motion', cells: [active(40, 0, { motion: null })], threat: null },
    { name: 'a nowcast is no threat from range alone', cells: [active(20, 20)], threat: null },
    {
      name: 'a jump and a nowcast, the nearer now',
      cells: [cell(30, true), active(25, 0)],
      threat: ['c25', 20, 'nowcast'],
    },
    {
      name: 'a jump before a nowcast at the same distance',
      cells: [active(30, 0, { id: 'n' }), cell(30, true)],
      threat: ['c30', 25, 'jump'],
    },
  ])('$name: $threat', ({ cells, threat }) => {
    const found = cellThreat(cells, site, toSite, 40);
    const reason = threat?.[2] ?? 'jump';
    expect(found && [found.cellId, Math.round(found.km * 10) / 10]).toEqual(threat?.slice(0, 2) ?? null);
    if (found) expect(found.reason).toBe(reason);
    if (found) expect(found.motion).toEqual({ speedKmh: 40, directionDeg: 270 });
  });

  it('gives the bearing from the site to the cell', () => {
    expect(cellThreat([cell(30, true)], site, toSite, 40)?.bearingDeg).toBeCloseTo(90, 0);
  });
});

describe('nextPredicted', () => {
  const on: PredictSetting = { enabled: true, rangeKm: 40, level: 2 };
  const allClearMs = 15 * MIN;
  type Row = { threat: boolean; ring: 0 | 1 | 2 | 3; at: number; level: number; shown: [number, boolean] };
  const run = (setting: PredictSetting | null, rows: Row[]) => {
    let s: PredictedState = INITIAL_PREDICTED;
    for (const r of rows) {
      s = nextPredicted(setting, s, { threat: r.threat, nowMs: r.at * MIN, allClearMs });
      expect([r.at, s.level]).toEqual([r.at, r.level]);
      const shown = shownLevel(r.ring, s);
      expect([r.at, shown.level, shown.predicted]).toEqual([r.at, ...r.shown]);
    }
    return s;
  };

  it('raises at the configured level on a threat and clears after the all-clear time without one', () => {
    const s = run(on, [
      { threat: false, ring: 0, at: 0, level: 0, shown: [0, false] },
      { threat: true, ring: 0, at: 1, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 10, level: 2, shown: [2, true] },
      { threat: true, ring: 0, at: 12, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 26, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 27, level: 0, shown: [0, false] },
    ]);
    expect(s.sinceMs).toBeNull();
    expect(s.lastThreatMs).toBe(12 * MIN);
  });

  it('keeps its start while it lasts, and the same object while nothing changes', () => {
    const s = run(on, [
      { threat: true, ring: 0, at: 1, level: 2, shown: [2, true] },
      { threat: true, ring: 0, at: 2, level: 2, shown: [2, true] },
    ]);
    expect(s.sinceMs).toBe(MIN);
    expect(nextPredicted(on, s, { threat: false, nowMs: 3 * MIN, allClearMs })).toBe(s);
    expect(nextPredicted(on, INITIAL_PREDICTED, { threat: false, nowMs: 3 * MIN, allClearMs })).toBe(
      INITIAL_PREDICTED,
    );
  });

  it('shows the higher of the rings and the prediction: a ring at or above it takes over, a lower one does not lower it', () => {
    run(on, [
      { threat: true, ring: 0, at: 1, level: 2, shown: [2, true] },
      { threat: true, ring: 1, at: 2, level: 2, shown: [2, true] },
      { threat: false, ring: 2, at: 3, level: 2, shown: [2, false] },
      { threat: false, ring: 3, at: 5, level: 2, shown: [3, false] },
      { threat: false, ring: 0, at: 10, level: 2, shown: [2, true] },
      { threat: false, ring: 1, at: 17, level: 0, shown: [1, false] },
      { threat: false, ring: 0, at: 18, level: 0, shown: [0, false] },
    ]);
  });

  it.each([
    { name: 'no setting', setting: null },
    { name: 'disabled', setting: { ...on, enabled: false } },
  ])('never predicts with $name', ({ setting }) => {
    run(setting, [
      { threat: true, ring: 0, at: 1, level: 0, shown: [0, false] },
      { threat: true, ring: 2, at: 2, level: 0, shown: [2, false] },
    ]);
  });

  it('says when a held prediction lapses', () => {
    expect(predictedClearAt({ level: 2, sinceMs: MIN, lastThreatMs: 4 * MIN }, allClearMs)).toBe(19 * MIN);
    expect(predictedClearAt(INITIAL_PREDICTED, allClearMs)).toBeNull();
  });
});

describe('predictAllClearMs', () => {
  const rule = (radiusKm: number, level: 1 | 2 | 3, allClearMin: number): RingRule => ({
    radiusKm,
    level,
    allClearMs: allClearMin * MIN,
    minStrokes: 1,
    windowMs: MIN,
    includeIc: true,
  });
  const rules = [rule(10, 3, 20), rule(20, 2, 15), rule(25, 2, 12), rule(30, 1, 10)];
  it.each([
    { level: 2 as const, min: 12, why: 'the outermost ring of the level' },
    { level: 1 as const, min: 10, why: 'the only ring of the level' },
  ])('level $level: $min min ($why)', ({ level, min }) => {
    expect(predictAllClearMs(rules, level)).toBe(min * MIN);
  });
  it('with no ring of the level, the longest all-clear', () => {
    expect(predictAllClearMs([rule(10, 3, 20), rule(30, 1, 10)], 2)).toBe(20 * MIN);
  });
});

describe('shownChanges', () => {
  const e = (from: 0 | 1 | 2 | 3, to: 0 | 1 | 2 | 3, at: number) => ({ from, to, atMs: at });
  type Shown = [number, number, boolean, boolean, number, boolean];
  it.each<{
    name: string;
    ring: 0 | 1 | 2 | 3;
    before: 0 | 2;
    after: 0 | 2;
    events: ReturnType<typeof e>[];
    out: Shown[];
  }>([
    {
      name: 'without a prediction, the rings own changes',
      ring: 0,
      before: 0,
      after: 0,
      events: [e(0, 1, 5), e(1, 3, 6)],
      out: [
        [0, 1, false, false, 5, true],
        [1, 3, false, false, 6, true],
      ],
    },
    {
      name: 'a prediction rises over clear rings',
      ring: 0,
      before: 0,
      after: 2,
      events: [],
      out: [[0, 2, false, true, 9, false]],
    },
    {
      name: 'a prediction rises under a higher ring: nothing shown changes',
      ring: 3,
      before: 0,
      after: 2,
      events: [],
      out: [],
    },
    {
      name: 'a prediction rises over a lower ring',
      ring: 1,
      before: 0,
      after: 2,
      events: [],
      out: [[1, 2, false, true, 9, false]],
    },
    {
      name: 'a ring reaches the predicted level: it takes over at the same level',
      ring: 0,
      before: 2,
      after: 2,
      events: [e(0, 1, 5), e(1, 2, 6), e(2, 0, 7)],
      out: [
        [2, 2, true, true, 5, true],
        [2, 2, true, false, 6, true],
        [2, 2, false, true, 7, true],
      ],
    },
    {
      name: 'the prediction lapses while a lower ring holds',
      ring: 1,
      before: 2,
      after: 0,
      events: [],
      out: [[2, 1, true, false, 9, false]],
    },
    {
      name: 'a location removed while predicted: the prediction ends, then the rings clear',
      ring: 3,
      before: 2,
      after: 0,
      events: [e(3, 0, 9)],
      out: [[3, 0, false, false, 9, true]],
    },
  ])('$name', ({ ring, before, after, events, out }) => {
    const got = shownChanges(ring, before, after, 9, events).map(
      (c): Shown => [c.from, c.to, c.fromPredicted, c.predicted, c.atMs, c.ring !== null],
    );
    expect(got).toEqual(out);
  });
});

describe('cellThreat measures what it passes over no nearer than a full measurement', () => {
  /**
   * Every edge of every candidate's outline and nowcast sampled every 2 km, nothing passed over: a jump
   * within the range now or at +30 min, a nowcast candidate whose +30 min nowcast reaches the location.
   */
  const fullThreat = (
    cells: PredictCell[],
    at: typeof site,
    toShape: (lat: number, lon: number) => number,
    rangeKm: number,
  ) => {
    const measure = (ring: PredictCell['ring'] | null) => {
      if (!ring) return Number.POSITIVE_INFINITY;
      if (insideRing(ringToPlane(localPlane(at), ring), 0, 0)) return 0;
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i + 1 < ring.length; i++) {
        const [lon1, lat1] = ring[i] as readonly [number, number];
        const [lon2, lat2] = ring[i + 1] as readonly [number, number];
        const steps = Math.max(1, Math.ceil(distanceKm(lat1, lon1, lat2, lon2) / 2));
        for (let k = 0; k <= steps; k++)
          best = Math.min(
            best,
            toShape(lat1 + (lat2 - lat1) * (k / steps), lon1 + (lon2 - lon1) * (k / steps)),
          );
      }
      return best;
    };
    let best: { id: string; km: number; jump: boolean } | null = null;
    for (const c of cells) {
      const now = measure(c.ring);
      const ahead = measure(c.nowcast30);
      const threat = c.jump
        ? Math.min(now, ahead) <= rangeKm
        : c.motion !== null && c.flashRatePerMin >= 2 && c.trend !== 'decaying' && ahead <= 0;
      if (!threat || (best && (best.km < now || (best.km === now && (best.jump || !c.jump))))) continue;
      best = { id: c.id, km: now, jump: c.jump };
    }
    return best;
  };
  const rng = createRandom('predict-bounds');
  /** A hexagon of radius `r` km round a point `east`, `north` km from the site, turned by `turn`. */
  const hexagon = (east: number, north: number, r: number, turn: number) =>
    ringToLonLat(
      plane,
      Array.from({ length: 6 }, (_, k): XY => {
        const a = turn + (k * Math.PI) / 3;
        return [east + r * Math.cos(a), north + r * Math.sin(a)];
      }),
    );
  const square5 = {
    type: 'Polygon' as const,
    coordinates: [square(0).map(([lon, lat]) => [lon, lat] as [number, number])],
  };
  it.each([
    { name: 'a point location', shape: null, reachKm: 0 },
    { name: 'a 10 × 10 km polygon location', shape: square5, reachKm: 7.1 },
  ])('$name: 200 random storms give the same threat and distance', ({ shape, reachKm }) => {
    const toShape = shape ? (lat: number, lon: number) => distanceToShape(shape, lat, lon).km : toSite;
    for (let n = 0; n < 200; n++) {
      const cells = Array.from({ length: 1 + Math.floor(rng.next() * 4) }, (_, k): PredictCell => {
        const [e, north] = [rng.uniform(-90, 90), rng.uniform(-90, 90)];
        const jump = rng.next() < 0.5;
        return {
          id: `c${k}`,
          jump,
          flashRatePerMin: rng.uniform(0, 6),
          trend: rng.next() < 0.3 ? 'decaying' : 'growing',
          centroid: plane.toLatLon(e, north),
          ring: hexagon(e, north, rng.uniform(2, 20), rng.uniform(0, 1)),
          nowcast30:
            rng.next() < 0.25 ? null : hexagon(e * 0.3, north * 0.3, rng.uniform(5, 40), rng.uniform(0, 1)),
          motion: rng.next() < 0.2 ? null : { speedKmh: 30, directionDeg: 0 },
        };
      });
      const found = cellThreat(cells, site, toShape, 40, reachKm);
      const full = fullThreat(cells, site, toShape, 40);
      expect(found && { id: found.cellId, km: found.km, jump: found.reason === 'jump' }).toEqual(full);
    }
  });
});
