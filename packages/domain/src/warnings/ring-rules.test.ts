import { describe, expect, it } from 'vitest';
import {
  advance,
  allClearAt,
  applyStroke,
  cloneWarningState,
  initialWarningState,
  isQuiet,
  needsExactDistance,
  type RingRule,
  recentCounts,
  type WarningState,
} from './ring-rules.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 6, 1, 8, 0, 0);

const ring = (radiusKm: number, level: 1 | 2 | 3, extra: Partial<RingRule> = {}): RingRule => ({
  radiusKm,
  level,
  allClearMs: 30 * MIN,
  minStrokes: 1,
  windowMs: MIN,
  includeIc: true,
  ...extra,
});
const DEFAULTS = [ring(10, 3), ring(20, 2), ring(30, 1)];

/** A step at minute `at` (wall clock): a stroke (its time defaults to the same minute) or a clock tick. */
type Step = { at: number; km: number; ic?: boolean; time?: number } | { at: number; tick: true };

function run(rules: RingRule[], steps: Step[]) {
  const state: WarningState = initialWarningState(rules);
  const events: [number, number, number][] = [];
  for (const step of steps) {
    const now = T0 + step.at * MIN;
    const t =
      'tick' in step
        ? advance(rules, state, now)
        : applyStroke(
            rules,
            state,
            {
              timeMs: T0 + (step.time ?? step.at) * MIN,
              isIc: step.ic ?? false,
              km: step.km,
              bearingDeg: 90,
            },
            now,
          );
    for (const e of t ?? []) events.push([e.from, e.to, (e.atMs - T0) / MIN]);
  }
  return { state, events };
}

describe('ring state machine', () => {
  const cases: {
    name: string;
    rules?: RingRule[];
    steps: Step[];
    level: number;
    events: [number, number, number][];
  }[] = [
    { name: 'one stroke inside 10 km raises red', steps: [{ at: 0, km: 8 }], level: 3, events: [[0, 3, 0]] },
    {
      name: 'a stroke at 25 km raises yellow only',
      steps: [{ at: 0, km: 25 }],
      level: 1,
      events: [[0, 1, 0]],
    },
    {
      name: 'a stroke beyond every ring changes nothing',
      steps: [{ at: 0, km: 30.001 }],
      level: 0,
      events: [],
    },
    { name: 'exactly on the radius counts', steps: [{ at: 0, km: 10 }], level: 3, events: [[0, 3, 0]] },
    {
      name: 'approaching storm rises yellow → orange → red',
      steps: [
        { at: 0, km: 28 },
        { at: 5, km: 18 },
        { at: 9, km: 6 },
      ],
      level: 3,
      events: [
        [0, 1, 0],
        [1, 2, 5],
        [2, 3, 9],
      ],
    },
    {
      name: 'threshold 3 strokes in 5 min: two are noise',
      rules: [ring(10, 3, { minStrokes: 3, windowMs: 5 * MIN })],
      steps: [
        { at: 0, km: 5 },
        { at: 2, km: 5 },
      ],
      level: 0,
      events: [],
    },
    {
      name: 'threshold 3 strokes in 5 min: the third inside the window triggers',
      rules: [ring(10, 3, { minStrokes: 3, windowMs: 5 * MIN })],
      steps: [
        { at: 0, km: 5 },
        { at: 2, km: 5 },
        { at: 4, km: 5 },
      ],
      level: 3,
      events: [[0, 3, 4]],
    },
    {
      name: 'threshold 3 strokes in 5 min: spread over 6 min does not trigger',
      rules: [ring(10, 3, { minStrokes: 3, windowMs: 5 * MIN })],
      steps: [
        { at: 0, km: 5 },
        { at: 3, km: 5 },
        { at: 6, km: 5 },
      ],
      level: 0,
      events: [],
    },
    {
      name: 'all-clear 30 min after the only stroke',
      steps: [
        { at: 0, km: 5 },
        { at: 29, tick: true },
        { at: 31, tick: true },
      ],
      level: 0,
      events: [
        [0, 3, 0],
        [3, 0, 30],
      ],
    },
    {
      name: 'each stroke restarts the countdown',
      rules: [ring(10, 3)],
      steps: [
        { at: 0, km: 5 },
        { at: 20, km: 9 },
        { at: 45, tick: true },
        { at: 51, tick: true },
      ],
      level: 0,
      events: [
        [0, 3, 0],
        [3, 0, 50],
      ],
    },
    {
      name: 'a stroke outside the ring does not restart its countdown',
      rules: [ring(10, 3), ring(20, 2)],
      steps: [
        { at: 0, km: 5 },
        { at: 20, km: 15 },
        { at: 31, tick: true },
      ],
      level: 2,
      events: [
        [0, 3, 0],
        [3, 2, 30],
      ],
    },
    {
      name: 'steps down ring by ring as the storm leaves',
      steps: [
        { at: 0, km: 8 },
        { at: 10, km: 15 },
        { at: 20, km: 25 },
        { at: 60, tick: true },
      ],
      level: 0,
      events: [
        [0, 3, 0],
        [3, 2, 30],
        [2, 1, 40],
        [1, 0, 50],
      ],
    },
    {
      name: 'IC strokes do not count where the ring excludes them',
      rules: [ring(10, 3, { includeIc: false }), ring(20, 2), ring(30, 1)],
      steps: [{ at: 0, km: 5, ic: true }],
      level: 2,
      events: [[0, 2, 0]],
    },
    {
      name: 'CG strokes still count in a ring that excludes IC',
      rules: [ring(10, 3, { includeIc: false })],
      steps: [{ at: 0, km: 5, ic: false }],
      level: 3,
      events: [[0, 3, 0]],
    },
    {
      name: 'a stroke delayed past its own countdown raises nothing',
      steps: [{ at: 31, km: 5, time: 0 }],
      level: 0,
      events: [],
    },
    {
      name: 'a delayed stroke still restarts the countdown from its own time',
      rules: [ring(10, 3)],
      steps: [
        { at: 0, km: 5 },
        { at: 12, km: 5, time: 10 },
        { at: 39, tick: true },
        { at: 41, tick: true },
      ],
      level: 0,
      events: [
        [0, 3, 0],
        [3, 0, 40],
      ],
    },
    {
      name: 'an all-clear that fell due long ago is stamped with its due time',
      steps: [
        { at: 0, km: 25 },
        { at: 300, tick: true },
      ],
      level: 0,
      events: [
        [0, 1, 0],
        [1, 0, 30],
      ],
    },
    {
      name: 'a new episode after the all-clear rises again',
      rules: [ring(10, 3)],
      steps: [
        { at: 0, km: 5 },
        { at: 40, tick: true },
        { at: 50, km: 5 },
      ],
      level: 3,
      events: [
        [0, 3, 0],
        [3, 0, 30],
        [0, 3, 50],
      ],
    },
    {
      name: 'rings with their own all-clear times',
      rules: [ring(10, 3, { allClearMs: 10 * MIN }), ring(20, 2, { allClearMs: 20 * MIN })],
      steps: [
        { at: 0, km: 5 },
        { at: 25, tick: true },
      ],
      level: 0,
      events: [
        [0, 3, 0],
        [3, 2, 10],
        [2, 0, 20],
      ],
    },
  ];

  it.each(cases)('$name', ({ rules, steps, level, events }) => {
    const result = run(rules ?? DEFAULTS, steps);
    expect(result.events).toEqual(events);
    expect(result.state.level).toBe(level);
  });
});

describe('warning details', () => {
  it('counts episode strokes per ring and keeps the nearest stroke until the all-clear', () => {
    const { state } = run(DEFAULTS, [
      { at: 0, km: 25 },
      { at: 1, km: 15 },
      { at: 2, km: 7 },
      { at: 3, km: 12 },
    ]);
    expect(state.rings.map((r) => r.episode)).toEqual([1, 3, 4]);
    expect(state.nearest?.km).toBe(7);
    expect(allClearAt(DEFAULTS, state)).toBe(T0 + 33 * MIN);
    advance(DEFAULTS, state, T0 + 40 * MIN);
    expect(state.level).toBe(0);
    expect(state.nearest).toBeNull();
    expect(state.rings.map((r) => r.episode)).toEqual([0, 0, 0]);
  });

  it('counts strokes per ring over the last 15 minutes', () => {
    const { state } = run(DEFAULTS, [
      { at: 0, km: 5 },
      { at: 10, km: 15 },
      { at: 14, km: 25 },
    ]);
    expect(recentCounts(state, T0 + 14 * MIN)).toEqual([1, 2, 3]);
    expect(recentCounts(state, T0 + 20 * MIN)).toEqual([0, 1, 2]);
  });

  it('reports no change for a stroke beyond every ring, and copies are independent', () => {
    const state = initialWarningState(DEFAULTS);
    expect(applyStroke(DEFAULTS, state, { timeMs: T0, isIc: false, km: 31, bearingDeg: 0 }, T0)).toBeNull();
    const copy = cloneWarningState(state);
    applyStroke(DEFAULTS, state, { timeMs: T0, isIc: false, km: 5, bearingDeg: 0 }, T0);
    expect(state.level).toBe(3);
    expect(copy).toEqual(initialWarningState(DEFAULTS));
  });

  it('becomes quiet again once clear and with no stroke in the last 15 minutes', () => {
    const { state } = run(DEFAULTS, [{ at: 0, km: 5 }]);
    advance(DEFAULTS, state, T0 + 10 * MIN);
    expect(isQuiet(state)).toBe(false);
    advance(DEFAULTS, state, T0 + 20 * MIN);
    expect(isQuiet(state)).toBe(false);
    advance(DEFAULTS, state, T0 + 31 * MIN);
    expect(isQuiet(state)).toBe(true);
  });

  it('survives a JSON round trip (the engine stores it)', () => {
    const { state } = run(DEFAULTS, [{ at: 0, km: 5 }]);
    const restored = JSON.parse(JSON.stringify(state)) as WarningState;
    expect(advance(DEFAULTS, restored, T0 + 31 * MIN)).toEqual([{ from: 3, to: 0, atMs: T0 + 30 * MIN }]);
  });
});

describe('when the engine needs a stroke’s exact distance', () => {
  // A storm to the east: every ring active, the nearest stroke at 8 km.
  const warning = () => {
    const state = initialWarningState(DEFAULTS);
    applyStroke(DEFAULTS, state, { timeMs: T0, isIc: false, km: 8, bearingDeg: 90 }, T0);
    return state;
  };
  it.each([
    { name: 'clear of every ring radius and farther than the nearest', lo: 12, hi: 12.1, exact: false },
    { name: 'a ring radius within the bounds', lo: 19.95, hi: 20.05, exact: true },
    { name: 'possibly nearer than the nearest stroke', lo: 7.9, hi: 8.1, exact: true },
    { name: 'beyond every ring', lo: 30.5, hi: 30.6, exact: false },
  ])('$name → $exact', ({ lo, hi, exact }) => {
    expect(needsExactDistance(DEFAULTS, warning(), lo, hi)).toBe(exact);
  });
  it('always while clear (the stroke may raise an alarm, which reports its distance)', () => {
    expect(needsExactDistance(DEFAULTS, initialWarningState(DEFAULTS), 25, 25.1)).toBe(true);
  });
  it('inside a ring that is not active yet (it may activate it)', () => {
    const state = initialWarningState(DEFAULTS);
    applyStroke(DEFAULTS, state, { timeMs: T0, isIc: false, km: 25, bearingDeg: 90 }, T0);
    expect(needsExactDistance(DEFAULTS, state, 26, 26.1)).toBe(false);
    expect(needsExactDistance(DEFAULTS, state, 15, 15.1)).toBe(true);
  });
});
