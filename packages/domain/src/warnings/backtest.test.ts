import { describe, expect, it } from 'vitest';
import { createLightningSimulator } from '../lightning/simulator.js';
import { Backtest, type BacktestSite, backtest, sitesWarmupMs, warmupMs } from './backtest.js';
import type { RingRule } from './ring-rules.js';
import { type EngineStroke, WarningEngineCore } from './warning-engine.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 6, 1, 6);
/** Degrees of latitude per km, near enough for placing test strokes. */
const KM = 1 / 110.75;
const SITE = { lat: 23, lon: 113 };
const RULES: RingRule[] = [10, 20, 30].map((radiusKm, i) => ({
  radiusKm,
  level: (3 - i) as 1 | 2 | 3,
  allClearMs: 10 * MIN,
  minStrokes: 1,
  windowMs: MIN,
  includeIc: true,
}));
const POINT: BacktestSite = {
  id: 1,
  shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
  rules: RULES,
};

/** A stroke `km` north of the site, `min` minutes after T0. */
const at = (min: number, km: number, isIc = false): EngineStroke => ({
  timeMs: T0 + min * MIN,
  lat: SITE.lat + km * KM,
  lon: SITE.lon,
  isIc,
  peakKa: -20,
  flashId: null,
});

const stepsOf = (strokes: EngineStroke[], fromMin: number, toMin: number, untilMin = toMin) => {
  const [site] = backtest(
    [POINT],
    strokes,
    { fromMs: T0 + fromMin * MIN, toMs: T0 + toMin * MIN },
    T0 + untilMin * MIN,
  );
  return site as NonNullable<typeof site>;
};
const steps = (r: { steps: { atMs: number; level: number; ringKm: number | null }[] }) =>
  r.steps.map((s) => [(s.atMs - T0) / MIN, s.level, s.ringKm]);

describe('backtest of one location', () => {
  const cases: {
    name: string;
    strokes: EngineStroke[];
    window: [number, number, number?];
    steps: (number | null)[][];
    episodes: number;
    skill: Record<string, unknown>;
    rules?: RingRule[];
  }[] = [
    {
      name: 'a stroke inside 10 km raises red at once: a failure to warn',
      strokes: [at(5, 5)],
      window: [0, 60],
      steps: [
        [0, 0, null],
        [5, 3, 10],
        [15, 0, null],
      ],
      episodes: 1,
      skill: { events: 1, hits: 0, failures_to_warn: 1, false_alarms: 0, pod: 0, csi: 0 },
    },
    {
      name: 'a storm coming in is warned before it arrives: a hit with its lead time',
      strokes: [at(5, 25), at(8, 15), at(12, 5)],
      window: [0, 60],
      steps: [
        [0, 0, null],
        [5, 1, 30],
        [8, 2, 20],
        [12, 3, 10],
        [22, 0, null],
      ],
      episodes: 1,
      skill: { events: 1, hits: 1, median_lead_time_min: 4, false_alarms: 0, pod: 1, far: 0 },
    },
    {
      name: 'an orange that never turns red is a false alarm of its length',
      strokes: [at(5, 15)],
      window: [0, 60],
      steps: [
        [0, 0, null],
        [5, 2, 20],
        [15, 0, null],
      ],
      episodes: 1,
      skill: { events: 0, false_alarms: 1, false_alarm_minutes: 10, far: 1, csi: 0 },
    },
    {
      name: 'a storm already on at the start shows from the warm-up, its episode with its true start',
      strokes: [at(-5, 5), at(3, 5)],
      window: [0, 60],
      steps: [
        [0, 3, 10],
        [13, 0, null],
      ],
      episodes: 1,
      skill: { events: 0, hits: 0, false_alarms: 0 },
    },
    {
      name: 'a warning begun in the window is followed past its end to the all-clear',
      strokes: [at(5, 15), at(9, 5), at(14, 5)],
      window: [0, 10, 60],
      steps: [
        [0, 0, null],
        [5, 2, 20],
        [9, 3, 10],
        [24, 0, null],
      ],
      episodes: 1,
      skill: { events: 1, hits: 1, median_lead_time_min: 4, median_time_to_clear_min: 10 },
    },
    {
      name: 'IC strokes do not count where the ring leaves them out',
      strokes: [at(5, 5, true)],
      window: [0, 60],
      steps: [[0, 0, null]],
      episodes: 0,
      skill: { events: 0, hits: 0, false_alarms: 0, pod: null },
      rules: RULES.map((r) => ({ ...r, includeIc: false })),
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const site = { ...POINT, rules: c.rules ?? RULES };
      const [fromMin, toMin, untilMin] = c.window;
      const [r] = backtest(
        [site],
        c.strokes,
        { fromMs: T0 + fromMin * MIN, toMs: T0 + toMin * MIN },
        T0 + (untilMin ?? toMin) * MIN,
      );
      expect(steps(r as NonNullable<typeof r>)).toEqual(c.steps);
      expect(r?.episodes.length).toBe(c.episodes);
      expect(r?.skill).toMatchObject(c.skill);
    });
  }

  it('records each episode as the alert history does: trigger, peak, tallies and timeline', () => {
    const r = stepsOf([at(-2, 25), at(5, 15), at(8, 5), at(9, 7)], 0, 60);
    const [e] = r.episodes;
    expect(e).toMatchObject({
      startedMs: T0 - 2 * MIN,
      endedMs: T0 + 19 * MIN,
      peakLevel: 3,
      firstStroke: { stroke: { timeMs: T0 - 2 * MIN } },
      timeline: [
        { atMs: T0 - 2 * MIN, level: 1 },
        { atMs: T0 + 5 * MIN, level: 2 },
        { atMs: T0 + 8 * MIN, level: 3 },
        { atMs: T0 + 19 * MIN, level: 0 },
      ],
    });
    expect(e?.firstStroke?.km).toBeCloseTo(25, 0);
    expect(e?.nearestKm).toBeCloseTo(5, 0);
    expect(e?.rings.map((g) => [g.radiusKm, g.strokes, g.firstMs && (g.firstMs - T0) / MIN])).toEqual([
      [10, 2, 8],
      [20, 3, 5],
      [30, 4, -2],
    ]);
    expect(r.levelAtFrom).toBe(1);
  });

  it('says when it must read on past the window, and refuses strokes out of order', () => {
    const run = new Backtest([POINT], { fromMs: T0, toMs: T0 + 10 * MIN });
    run.feed([at(8, 5)]);
    expect(run.following).toBe(true);
    run.feed([at(19, 40)]);
    expect(run.following).toBe(false);
    expect(() => run.feed([at(18, 5)])).toThrow(RangeError);
    expect(() => new Backtest([POINT], { fromMs: T0, toMs: T0 })).toThrow(RangeError);
  });

  it('warms up for the longest all-clear plus threshold window', () => {
    expect(warmupMs(RULES)).toBe(11 * MIN);
    expect(
      sitesWarmupMs([POINT, { ...POINT, id: 2, rules: [{ ...RULES[0], allClearMs: 30 * MIN } as RingRule] }]),
    ).toBe(31 * MIN);
  });
});

describe('backtest over a simulated storm', () => {
  // Three hours of the demo world's storms, 40 sites on and around them.
  const sim = createLightningSimulator({ seed: 'replay', startMs: T0 });
  const sites: BacktestSite[] = sim.cells().map((c, i) => ({
    id: i + 1,
    shape: { type: 'Point', coordinates: [c.lon + 0.05, c.lat - 0.05] },
    rules: i % 2 === 0 ? RULES : RULES.map((r) => ({ ...r, minStrokes: 3, allClearMs: 15 * MIN })),
  }));
  for (let i = 0; sites.length < 40; i++) {
    sites.push({
      id: sites.length + 1,
      shape: { type: 'Point', coordinates: [106 + ((i * 37) % 130) / 10, 18.5 + ((i * 53) % 80) / 10] },
      rules: RULES,
    });
  }
  const END = T0 + 180 * MIN;
  const strokes: EngineStroke[] = sim.advance(END).map((s) => ({
    timeMs: s.epochMs,
    lat: s.lat,
    lon: s.lon,
    isIc: s.type === 'IC',
    peakKa: s.peakKa,
    flashId: null,
  }));
  strokes.sort((a, b) => a.timeMs - b.timeMs);

  it('changes levels exactly as the engine run live, batch by batch with a ticking clock', () => {
    // Live: each second's strokes arrive together at the end of that second, and the clock ticks each second.
    const live = new WarningEngineCore();
    for (const s of sites) live.upsert(s, undefined, T0);
    const got = new Map<number, [number, number][]>();
    const record = (updates: ReturnType<WarningEngineCore['advance']>) => {
      for (const u of updates) {
        const list = got.get(u.id) ?? [];
        for (const e of u.events) list.push([e.atMs, e.to]);
        got.set(u.id, list);
      }
    };
    let i = 0;
    for (let t = T0 + 1000; t <= END; t += 1000) {
      const batch: EngineStroke[] = [];
      while (i < strokes.length && (strokes[i] as EngineStroke).timeMs < t)
        batch.push(strokes[i++] as EngineStroke);
      if (batch.length > 0) record(live.process(batch, t));
      record(live.advance(t));
    }
    expect(strokes.length).toBeGreaterThan(2000);

    const results = backtest(sites, strokes, { fromMs: T0, toMs: END });
    let warned = 0;
    for (const r of results) {
      const expected = got.get(r.id) ?? [];
      expect(
        r.steps.slice(1).map((s) => [s.atMs, s.level]),
        `site ${r.id}`,
      ).toEqual(expected);
      if (expected.length > 0) warned++;
    }
    expect(warned).toBeGreaterThan(5);
  });

  it('gives each location the same answer alone as among many (one shared index)', () => {
    const together = backtest(sites, strokes, { fromMs: T0 + 30 * MIN, toMs: END });
    for (const site of sites.slice(0, 12)) {
      const [alone] = backtest([site], strokes, { fromMs: T0 + 30 * MIN, toMs: END });
      expect(alone).toEqual(together.find((r) => r.id === site.id));
    }
  });
});

describe('backtest with an event definition', () => {
  const EVENTS = { radiusKm: 10, gapMs: 10 * MIN, includeIc: true };
  const judged = (site: BacktestSite, strokes: EngineStroke[]) => {
    const [r] = backtest([site], strokes, { fromMs: T0, toMs: T0 + 120 * MIN });
    return (r as NonNullable<typeof r>).skill;
  };
  const cases: {
    name: string;
    strokes: EngineStroke[];
    rules?: RingRule[];
    events: { radiusKm: number; gapMs: number; includeIc: boolean };
    skill: Record<string, unknown>;
  }[] = [
    {
      name: 'strokes beyond the rings are still events: the rings never saw them (a failure to warn)',
      strokes: [at(5, 25), at(6, 25)],
      rules: RULES.map((r) => ({ ...r, radiusKm: r.radiusKm / 5 })),
      events: { ...EVENTS, radiusKm: 30 },
      skill: { events: 1, hits: 0, failures_to_warn: 1, pod: 0 },
    },
    {
      name: 'a wider event radius makes the outer strokes events the middle ring warned of',
      strokes: [at(5, 18), at(10, 25)],
      events: { ...EVENTS, radiusKm: 26 },
      skill: { events: 1, hits: 0, failures_to_warn: 1 },
    },
    {
      name: 'the gap splits events: 15 min apart with a 10 min gap is two',
      strokes: [at(5, 5), at(20, 5)],
      events: EVENTS,
      skill: { events: 2 },
    },
    {
      name: '… and one with a 20 min gap',
      strokes: [at(5, 5), at(20, 5)],
      events: { ...EVENTS, gapMs: 20 * MIN },
      skill: { events: 1 },
    },
    {
      name: 'IC strokes are no events when the definition leaves them out',
      strokes: [at(5, 5, true)],
      events: { ...EVENTS, includeIc: false },
      skill: { events: 0, false_alarms: 1 },
    },
    {
      name: 'an outer warning before an inner stroke is a hit',
      strokes: [at(5, 15), at(9, 5)],
      events: EVENTS,
      skill: { events: 1, hits: 1, median_lead_time_min: 4 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(judged({ ...POINT, rules: c.rules ?? RULES, events: c.events }, c.strokes)).toMatchObject(
        c.skill,
      );
    });
  }

  it('without one, judges as its own innermost ring: the same as that definition given', () => {
    const strokes = [at(-3, 8), at(5, 15), at(9, 5), at(12, 3, true), at(40, 9), at(41, 40)];
    const site = { ...POINT, rules: RULES.map((r) => ({ ...r, includeIc: false })) };
    expect(judged(site, strokes)).toEqual(
      judged({ ...site, events: { radiusKm: 10, gapMs: 10 * MIN, includeIc: false } }, strokes),
    );
  });

  it('scores every set of a site against the same events, each as it would be alone from its own warm-up', () => {
    // A storm on before the window: the sets warm up for different times.
    const strokes = [
      at(-40, 15),
      at(-30, 15),
      at(-12, 9),
      at(3, 12),
      at(8, 4),
      at(30, 6),
      at(70, 28),
      at(75, 8),
    ];
    const events = { radiusKm: 10, gapMs: 10 * MIN, includeIc: true };
    const sets: BacktestSite[] = [5, 15, 30, 60].map((allClear, i) => ({
      ...POINT,
      id: i + 1,
      rules: RULES.map((r) => ({ ...r, allClearMs: allClear * MIN })),
      events,
    }));
    const window = { fromMs: T0, toMs: T0 + 120 * MIN };
    const together = backtest(sets, strokes, window);
    expect(new Set(together.map((r) => r.skill.events))).toEqual(new Set([3]));
    for (const s of sets) {
      const alone = strokes.filter((x) => x.timeMs >= T0 - sitesWarmupMs([s]));
      expect(backtest([s], alone, window)[0], `set ${s.id}`).toEqual(together.find((r) => r.id === s.id));
    }
  });
});
