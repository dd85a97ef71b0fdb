import { describe, expect, it } from 'vitest';
import { type SyntheticCell, syntheticFlashes } from '../cells/synthetic-storm.js';
import { Backtest, type BacktestSite, backtest, siteWarmupMs } from './backtest.js';
import { predictWarmupMs } from './backtest-predicted.js';
import { type PredictSetting, predictAllClearMs } from './predicted-warning.js';
import type { RingRule } from './ring-rules.js';
import type { EngineStroke } from './warning-engine.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 6, 1, 6);
const SITE = { lat: 23, lon: 113 };
/** Degrees of longitude per km at the site's latitude, near enough for placing cells. */
const KM_LON = 1 / (111.32 * Math.cos((SITE.lat * Math.PI) / 180));
const RULES: RingRule[] = [10, 20, 30].map((radiusKm, i) => ({
  radiusKm,
  level: (3 - i) as 1 | 2 | 3,
  allClearMs: 30 * MIN,
  minStrokes: 1,
  windowMs: MIN,
  includeIc: true,
}));
const ON: PredictSetting = { enabled: true, rangeKm: 40, level: 2 };

/** A cell `westKm` west of the site (`northKm` north) at minute 0, moving east at `eastKmh`. */
const cell = (
  westKm: number,
  eastKmh: number,
  perMin: (m: number) => number,
  northKm = 0,
): SyntheticCell => ({
  lat: SITE.lat + northKm / 110.75,
  lon: SITE.lon - westKm * KM_LON,
  eastKmh,
  sigmaKm: 3,
  perMin,
});
/** Steady at 12–14 flashes a minute for 16 min (history for the jump test), then climbing to 60. */
const jumping = (m: number) => (m < 16 ? 12 + (m % 3) : Math.min(60, 12 + (m - 15) * 8));
const steady = (m: number) => 12 + (m % 3);

/** Flashes as strokes of one stroke each (a flash id-less stroke is its own flash), IC unless CG. */
function strokesOf(cells: SyntheticCell[], minutes: number): EngineStroke[] {
  return syntheticFlashes(cells, T0, 0, minutes, 3).map((f) => ({
    timeMs: f.timeMs,
    lat: f.lat,
    lon: f.lon,
    isIc: !f.cg,
    peakKa: -20,
    flashId: null,
  }));
}

function run(strokes: EngineStroke[], setting: PredictSetting | null) {
  const site: BacktestSite = {
    id: 1,
    shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
    rules: RULES,
    predict: setting && { site: SITE, setting, allClearMs: predictAllClearMs(RULES, setting.level) },
  };
  const [r] = backtest([site], strokes, { fromMs: T0, toMs: T0 + 180 * MIN });
  return r as NonNullable<typeof r>;
}

const minutes = (ms: number) => (ms - T0) / MIN;

describe('backtest with predicted warnings', () => {
  const cases: {
    name: string;
    cells: SyntheticCell[];
    setting: PredictSetting | null;
    /** Whether a predicted step comes, and before the first ring step. */
    predicted: boolean;
    /** The predicted step's minute (its tracker step at a whole minute, judged 5 s later). */
    predictedAtMin?: number;
    leadGainMin?: [number, number];
    falseAlarms?: number;
  }[] = [
    {
      name: 'a jumping cell approaching from 45 km: predicted orange long before any ring, longer lead',
      cells: [cell(45, 30, jumping)],
      setting: ON,
      predicted: true,
      predictedAtMin: 17 + 5 / 60,
      leadGainMin: [10, 20],
      falseAlarms: 0,
    },
    {
      name: 'a weak cell (1 flash a minute) approaching without a jump: no prediction, the rings alone',
      cells: [cell(45, 30, () => 1)],
      setting: ON,
      predicted: false,
    },
    {
      name: 'a jumping cell passing 100 km north: out of range, no prediction',
      cells: [cell(45, 30, jumping, 100)],
      setting: ON,
      predicted: false,
    },
    {
      name: 'the jumping cell with the setting disabled: the rings alone',
      cells: [cell(45, 30, jumping)],
      setting: { ...ON, enabled: false },
      predicted: false,
    },
    {
      name: 'a jumping cell 46 km west that dies out in place: a predicted false alarm',
      cells: [cell(46, 0, (m) => (m < 24 ? jumping(m) : 0))],
      setting: ON,
      predicted: true,
      predictedAtMin: 17 + 5 / 60,
      falseAlarms: 1,
    },
  ];

  it.each(cases)('$name', ({ cells, setting, predicted, predictedAtMin, leadGainMin, falseAlarms }) => {
    const strokes = strokesOf(cells, 120);
    const rings = run(strokes, null);
    const both = run(strokes, setting);
    const firstRing = rings.steps.find((s) => s.level > 0);
    const first = both.steps.find((s) => s.level > 0);
    if (!predicted) {
      expect(both).toEqual(rings);
      return;
    }
    expect(first).toMatchObject({ level: 2, predicted: true, ringKm: null });
    expect(minutes(first?.atMs as number)).toBeCloseTo(predictedAtMin as number, 6);
    if (firstRing) expect(first?.atMs).toBeLessThan(firstRing.atMs);
    const episode = both.episodes[0];
    expect(episode).toMatchObject({ predicted: true, firstStroke: null, startedMs: first?.atMs });
    expect(episode?.timeline[0]).toEqual({ atMs: first?.atMs, level: 2, predicted: true });
    expect(both.skill.false_alarms).toBe(falseAlarms);
    expect(both.skill.events).toBe(rings.skill.events);
    if (leadGainMin) {
      expect(both.skill.hits).toBe(rings.skill.hits);
      const gain = (both.skill.median_lead_time_min as number) - (rings.skill.median_lead_time_min as number);
      expect(gain).toBeGreaterThan(leadGainMin[0]);
      expect(gain).toBeLessThan(leadGainMin[1]);
      // The ring that took over is marked, and the prediction's step shows in the timeline before it.
      expect(episode?.ringAtMs).toBe(firstRing?.atMs);
      expect(both.steps.filter((s) => s.predicted)).toHaveLength(1);
    } else {
      // Never reached: it lapses its all-clear time (that of the orange ring) after the last jump.
      expect(episode?.endedMs).not.toBeNull();
      expect(episode?.rings.every((r) => r.strokes === 0)).toBe(true);
      expect(both.skill.events).toBe(0);
    }
  });

  it('predicts an active cell without a jump once its +30 min nowcast reaches the site, before the orange ring', () => {
    const strokes = strokesOf([cell(45, 30, steady)], 120);
    const rings = run(strokes, null);
    const both = run(strokes, ON);
    const ringOrange = rings.steps.find((s) => s.level >= 2);
    const predicted = both.steps.find((s) => s.predicted);
    expect(predicted).toMatchObject({ level: 2, predicted: true, ringKm: null });
    // After the yellow ring (the 30 km ring fires first), minutes before the 20 km ring's orange.
    expect(predicted?.atMs).toBeGreaterThan(both.steps.find((s) => s.level > 0)?.atMs as number);
    expect(ringOrange && predicted && (ringOrange.atMs - predicted.atMs) / MIN).toBeGreaterThan(3);
    expect(both.skill.hits).toBe(rings.skill.hits);
    expect(both.skill.false_alarms).toBe(0);
    const gain = (both.skill.median_lead_time_min as number) - (rings.skill.median_lead_time_min as number);
    expect(gain).toBeGreaterThan(3);
  });

  it('does not predict a cell whose +30 min nowcast passes 20 km north of the site', () => {
    const strokes = strokesOf([cell(45, 30, steady, 20)], 120);
    expect(run(strokes, ON)).toEqual(run(strokes, null));
  });

  it('merges the prediction with the rings: a lower ring never lowers what shows', () => {
    const both = run(strokesOf([cell(45, 30, jumping)], 120), ON);
    const shown = both.steps.map((s) => [s.level, s.predicted]);
    // Orange predicted; the yellow ring that fires meanwhile changes nothing; orange and red rings take over.
    expect(shown.slice(0, 4)).toEqual([
      [0, false],
      [2, true],
      [2, false],
      [3, false],
    ]);
  });

  it('steps the tracker only while there is lightning to track', () => {
    // A 2-hour storm in a 24-hour window: the quiet hours cost no tracker step.
    const strokes = strokesOf([cell(45, 30, jumping)], 120).map((s) => ({
      ...s,
      timeMs: s.timeMs + 10 * 60 * MIN,
    }));
    const site: BacktestSite = {
      id: 1,
      shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
      rules: RULES,
      predict: { site: SITE, setting: ON, allClearMs: 30 * MIN },
    };
    const replay = new Backtest([site], { fromMs: T0, toMs: T0 + 24 * 60 * MIN });
    replay.feed(strokes);
    const [r] = replay.finish(T0 + 24 * 60 * MIN);
    expect(r?.steps.some((s) => s.predicted)).toBe(true);
    // 120 minutes of flashes and the 10 min the last ones stay in the clustering window.
    expect(replay.trackerStats?.steps).toBeGreaterThanOrEqual(120);
    expect(replay.trackerStats?.steps).toBeLessThanOrEqual(131);
    expect(replay.trackerStats?.jumpingCells).toBe(1);
  });

  it.each([
    { level: 1, allClearMin: 30, expected: 30 },
    { level: 2, allClearMin: 30, expected: 30 },
  ] as const)('takes the all-clear of the ring of the predicted level ($level)', ({ level, expected }) => {
    const rules = RULES.map((r) => ({ ...r, allClearMs: r.radiusKm * MIN }));
    expect(predictAllClearMs(rules, level) / MIN).toBe(level === 1 ? 30 : 20);
    expect(predictAllClearMs(RULES, level) / MIN).toBe(expected);
  });

  it('warms up long enough for the tracker history and the all-clear', () => {
    expect(predictWarmupMs(30 * MIN) / MIN).toBe(70);
    const site: BacktestSite = { id: 1, shape: { type: 'Point', coordinates: [0, 0] }, rules: RULES };
    expect(siteWarmupMs(site) / MIN).toBe(31);
    expect(siteWarmupMs({ ...site, predict: { site: SITE, setting: ON, allClearMs: 30 * MIN } }) / MIN).toBe(
      70,
    );
  });
});
