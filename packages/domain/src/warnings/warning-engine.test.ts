import { describe, expect, it } from 'vitest';
import { distanceToShape, type ShapeGeometry } from '../geo/shape-distance.js';
import { createLightningSimulator } from '../lightning/simulator.js';
import type { RingRule } from './ring-rules.js';
import { type EngineStroke, type LocationUpdate, WarningEngineCore } from './warning-engine.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 6, 1, 6);
const RULES: RingRule[] = [10, 20, 30].map((radiusKm, i) => ({
  radiusKm,
  level: (3 - i) as 1 | 2 | 3,
  allClearMs: 15 * MIN,
  minStrokes: 1,
  windowMs: MIN,
  includeIc: true,
}));

type Change = [from: number, to: number, atMs: number];

/**
 * The expected level changes of one location, worked out directly from the strokes: each ring is active
 * from a stroke inside it until `allClear` after the last stroke of a run whose gaps are shorter than that;
 * the level is the highest active ring's.
 */
function expectedChanges(
  strokes: { timeMs: number; km: number }[],
  rules: RingRule[],
  untilMs: number,
): Change[] {
  const edges: { at: number; ring: number; on: boolean }[] = [];
  rules.forEach((rule, ring) => {
    const inside = strokes.filter((s) => s.km <= rule.radiusKm).map((s) => s.timeMs);
    let start: number | null = null;
    let last = 0;
    for (const t of inside) {
      if (start !== null && t >= last + rule.allClearMs) {
        edges.push({ at: start, ring, on: true }, { at: last + rule.allClearMs, ring, on: false });
        start = null;
      }
      if (start === null) start = t;
      last = t;
    }
    if (start !== null) {
      edges.push({ at: start, ring, on: true });
      if (last + rule.allClearMs <= untilMs) edges.push({ at: last + rule.allClearMs, ring, on: false });
    }
  });
  edges.sort((a, b) => a.at - b.at || Number(a.on) - Number(b.on));
  const active = rules.map(() => false);
  const changes: Change[] = [];
  let level = 0;
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i] as (typeof edges)[number];
    active[e.ring] = e.on;
    if (edges[i + 1]?.at === e.at) continue;
    const now = Math.max(0, ...rules.map((r, k) => (active[k] ? r.level : 0)));
    if (now !== level) changes.push([level, now, e.at]);
    level = now;
  }
  return changes;
}

describe('warning engine over a simulated storm', () => {
  // Three hours of the demo world's storms over South China, seen by 60 sites, some on the storms' paths.
  const sim = createLightningSimulator({ seed: 'replay', startMs: T0 });
  const strokes: EngineStroke[] = [];
  const sites: { id: number; shape: ShapeGeometry }[] = [];
  for (const [i, c] of sim.cells().entries()) {
    sites.push({ id: i + 1, shape: { type: 'Point', coordinates: [c.lon + 0.05, c.lat - 0.05] } });
  }
  for (let i = 0; sites.length < 60; i++) {
    const lon = 106 + ((i * 37) % 130) / 10;
    const lat = 18.5 + ((i * 53) % 80) / 10;
    sites.push(
      i % 4 === 0
        ? {
            id: sites.length + 1,
            shape: {
              type: 'Polygon',
              coordinates: [
                [
                  [lon, lat],
                  [lon + 0.1, lat],
                  [lon + 0.1, lat + 0.08],
                  [lon, lat + 0.08],
                  [lon, lat],
                ],
              ],
            },
          }
        : { id: sites.length + 1, shape: { type: 'Point', coordinates: [lon, lat] } },
    );
  }
  const END = T0 + 3 * 60 * MIN;

  it('raises and clears exactly the levels the strokes call for, at every site', () => {
    const engine = new WarningEngineCore();
    for (const s of sites) engine.upsert({ ...s, rules: RULES }, undefined, T0);
    const got = new Map<number, Change[]>();
    const record = (updates: LocationUpdate[]) => {
      for (const u of updates) {
        const list = got.get(u.id) ?? [];
        for (const e of u.events) list.push([e.from, e.to, e.atMs]);
        got.set(u.id, list);
      }
    };
    // Batches of 10 s as feeds deliver them, processed 2 s after their last stroke, the clock ticking between.
    for (let t = T0 + 10_000; t <= END; t += 10_000) {
      const batch = sim.advance(t).map((s) => ({
        timeMs: s.epochMs,
        lat: s.lat,
        lon: s.lon,
        isIc: s.type === 'IC',
        peakKa: s.peakKa,
        flashId: null,
      }));
      strokes.push(...batch);
      record(engine.process(batch, t + 2000));
      record(engine.advance(t + 2000));
    }
    expect(strokes.length).toBeGreaterThan(5000);

    let warned = 0;
    for (const site of sites) {
      const seen = strokes
        .map((s) => ({ timeMs: s.timeMs, km: distanceToShape(site.shape, s.lat, s.lon).km }))
        .filter((s) => s.km <= 30);
      const expected = expectedChanges(seen, RULES, END + 2000);
      expect(got.get(site.id) ?? [], `site ${site.id}`).toEqual(expected);
      if (expected.length > 0) warned++;
    }
    // The storms pass over the sites placed on them: the test is about real alerts, not silence.
    expect(warned).toBeGreaterThan(5);
  });

  it('finds the same locations through the index as by measuring every location', () => {
    const indexed = new WarningEngineCore();
    const naive = new WarningEngineCore();
    for (const s of sites) {
      indexed.upsert({ ...s, rules: RULES }, undefined, T0);
      naive.upsert({ ...s, rules: RULES }, undefined, T0);
    }
    const sample = strokes.slice(0, 3000);
    const ids = (u: LocationUpdate[]) => u.map((x) => `${x.id}:${x.state.level}:${x.counted}`).sort();
    expect(ids(indexed.process(sample, END))).toEqual(ids(naive.processNaive(sample, END)));
  });
});

describe('warning engine geometry', () => {
  const rules: RingRule[] = [
    { radiusKm: 10, level: 3, allClearMs: 30 * MIN, minStrokes: 1, windowMs: MIN, includeIc: true },
  ];
  const levelAfter = (shape: ShapeGeometry, lat: number, lon: number) => {
    const engine = new WarningEngineCore();
    engine.upsert({ id: 1, shape, rules }, undefined, T0);
    engine.process([{ timeMs: T0, lat, lon, isIc: false, peakKa: -10, flashId: null }], T0);
    return engine.state(1)?.level ?? 0;
  };
  const square = (lon: number, lat: number, d: number): ShapeGeometry => ({
    type: 'Polygon',
    coordinates: [
      [
        [lon - d, lat - d],
        [lon + d, lat - d],
        [lon + d, lat + d],
        [lon - d, lat + d],
        [lon - d, lat - d],
      ],
    ],
  });

  it.each([
    {
      name: 'inside a large polygon, far from its edges',
      shape: square(113, 23, 0.5),
      lat: 23,
      lon: 113,
      level: 3,
    },
    {
      name: 'outside a polygon, 5 km beyond its edge',
      shape: square(113, 23, 0.1),
      lat: 23,
      lon: 113.1 + 5 / 102.5,
      level: 3,
    },
    {
      name: 'outside a polygon, 15 km beyond its edge',
      shape: square(113, 23, 0.1),
      lat: 23,
      lon: 113.1 + 15 / 102.5,
      level: 0,
    },
    {
      name: 'across the antimeridian (about 10 km apart, 9.1 km east)',
      shape: { type: 'Point', coordinates: [179.96, -17] },
      lat: -17,
      lon: -179.953,
      level: 3,
    },
    {
      name: 'polygon across the antimeridian holds a stroke at -179.99',
      shape: square(179.98, -17, 0.05),
      lat: -17,
      lon: -179.99,
      level: 3,
    },
    {
      name: 'near the pole, 8 km away across the pole',
      shape: { type: 'Point', coordinates: [0, 89.965] },
      lat: 89.965,
      lon: 180,
      level: 3,
    },
    {
      name: 'near the pole, 12 km away',
      shape: { type: 'Point', coordinates: [0, 89.9] },
      lat: 89.99,
      lon: 90,
      level: 0,
    },
  ])('$name', ({ shape, lat, lon, level }) => {
    expect(levelAfter(shape as ShapeGeometry, lat, lon)).toBe(level);
  });

  it('moves a location in the index when it is edited, and forgets a removed one', () => {
    const engine = new WarningEngineCore();
    engine.upsert({ id: 7, shape: { type: 'Point', coordinates: [113, 23] }, rules }, undefined, T0);
    engine.upsert({ id: 7, shape: { type: 'Point', coordinates: [120, 30] }, rules }, undefined, T0);
    expect(
      engine.process([{ timeMs: T0, lat: 23, lon: 113, isIc: false, peakKa: -10, flashId: null }], T0),
    ).toEqual([]);
    expect(
      engine
        .process([{ timeMs: T0, lat: 30, lon: 120, isIc: false, peakKa: -10, flashId: null }], T0)
        .map((u) => u.id),
    ).toEqual([7]);
    const removed = engine.remove(7, T0 + MIN);
    expect(removed?.events).toEqual([{ from: 3, to: 0, atMs: T0 + MIN }]);
    expect(
      engine.process(
        [{ timeMs: T0 + MIN, lat: 30, lon: 120, isIc: false, peakKa: -10, flashId: null }],
        T0 + MIN,
      ),
    ).toEqual([]);
  });

  it('starts a location from a clear state when its rings change while warning, ending the episode', () => {
    const engine = new WarningEngineCore();
    engine.upsert({ id: 3, shape: { type: 'Point', coordinates: [113, 23] }, rules }, undefined, T0);
    engine.process([{ timeMs: T0, lat: 23, lon: 113, isIc: false, peakKa: -10, flashId: null }], T0);
    const wider = [{ ...rules[0], radiusKm: 15 } as RingRule];
    const update = engine.upsert(
      { id: 3, shape: { type: 'Point', coordinates: [113, 23] }, rules: wider },
      undefined,
      T0 + 1000,
    );
    expect(update?.events).toEqual([{ from: 3, to: 0, atMs: T0 + 1000 }]);
    expect(engine.state(3)?.level ?? 0).toBe(0);
  });

  it('measures the exact distance of a stroke that comes after an all-clear the clock has not run to', () => {
    // The old episode's rings and nearest stroke would say the index's bounds suffice; they are stale.
    const engine = new WarningEngineCore();
    const shape: ShapeGeometry = { type: 'Point', coordinates: [113, 23] };
    engine.upsert({ id: 4, shape, rules: RULES }, undefined, T0);
    const stroke = (timeMs: number, lat: number): EngineStroke => ({
      timeMs,
      lat,
      lon: 113,
      isIc: false,
      peakKa: -10,
      flashId: null,
    });
    engine.process([stroke(T0, 23.01)], T0);
    const later = stroke(T0 + 40 * MIN, 23.1354);
    const [update] = engine.process([later], later.timeMs);
    expect(update?.events.map((e) => [e.from, e.to])).toEqual([
      [3, 0],
      [0, 2],
    ]);
    expect(update?.triggers[0]?.km).toBeCloseTo(distanceToShape(shape, later.lat, later.lon).km, 6);
    expect(update?.state.nearest?.km).toBeCloseTo(distanceToShape(shape, later.lat, later.lon).km, 6);
  });
});
