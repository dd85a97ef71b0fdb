import { type SyntheticCell, syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import { type BacktestSite, sitesWarmupMs } from '@thunderwatch/domain/warnings/backtest';
import { predictAllClearMs } from '@thunderwatch/domain/warnings/predicted-warning';
import type { RingRule } from '@thunderwatch/domain/warnings/ring-rules';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import { describe, expect, it } from 'vitest';
import type { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import { type BacktestRunner, inlineBacktestRunner, inlineSplitRunner } from './backtest-runner.js';
import { replayStrokes } from './backtest-service.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 6, 1, 6);
const SITE = { lat: 23, lon: 113 };
const KM_LON = 1 / (111.32 * Math.cos((SITE.lat * Math.PI) / 180));
const rules = (allClearMin: number): RingRule[] =>
  [10, 20, 30].map((radiusKm, i) => ({
    radiusKm,
    level: (3 - i) as 1 | 2 | 3,
    allClearMs: allClearMin * MIN,
    minStrokes: 1,
    windowMs: MIN,
    includeIc: true,
  }));
const cell = (westKm: number, eastKmh: number, perMin: (m: number) => number): SyntheticCell => ({
  lat: SITE.lat,
  lon: SITE.lon - westKm * KM_LON,
  eastKmh,
  sigmaKm: 3,
  perMin,
});
const jumping = (m: number) => (m < 16 ? 12 + (m % 3) : Math.min(60, 12 + (m - 15) * 8));
/** A cell that jumps and comes in over the site, then one that jumps 46 km away and dies (a false alarm). */
const STROKES: EngineStroke[] = syntheticFlashes(
  [cell(45, 30, jumping), { ...cell(46, 0, (m) => (m > 60 && m < 84 ? jumping(m - 60) : 0)), lat: 23.3 }],
  T0,
  0,
  150,
  3,
).map((f) => ({ timeMs: f.timeMs, lat: f.lat, lon: f.lon, isIc: !f.cg, peakKa: -20, flashId: null }));

const shape = { type: 'Point' as const, coordinates: [SITE.lon, SITE.lat] as [number, number] };
const SITES: BacktestSite[] = [
  { id: 1, shape, rules: rules(30) },
  ...[
    { id: 2, rangeKm: 40, level: 2 as const, allClearMin: 30 },
    { id: 3, rangeKm: 20, level: 3 as const, allClearMin: 15 },
  ].map(({ id, rangeKm, level, allClearMin }) => ({
    id,
    shape,
    rules: rules(allClearMin),
    predict: {
      site: SITE,
      setting: { enabled: true, rangeKm, level },
      allClearMs: predictAllClearMs(rules(allClearMin), level),
    },
  })),
];

/** The strokes as the repository pages them: time order, after the last one's id, within [from, to). */
function pages(strokes: readonly EngineStroke[]): Pick<EngineStrokesRepo, 'page'> {
  return {
    page: async (f, limit, after) => {
      const out: EngineStroke[] = [];
      let last: { time: string; id: number } | null = null;
      for (let id = (after?.id ?? -1) + 1; id < strokes.length && out.length < limit; id++) {
        const s = strokes[id] as EngineStroke;
        if (s.timeMs < (f.from as Date).getTime() || s.timeMs >= (f.to as Date).getTime()) continue;
        out.push(s);
        last = { time: new Date(s.timeMs).toISOString(), id };
      }
      return { strokes: out, last };
    },
  };
}

async function replay(
  runner: BacktestRunner,
  window: { fromMs: number; toMs: number },
  page: number,
  strokes: readonly EngineStroke[],
) {
  const endMs = window.toMs + 3 * 60 * MIN;
  const replayed = await replayStrokes(pages(strokes), runner, {
    shape,
    reachKm: 150,
    allTypes: true,
    startMs: window.fromMs - sitesWarmupMs(SITES),
    toMs: window.toMs,
    endMs,
    page,
  });
  const untilMs = replayed.following ? endMs : Math.max(window.toMs, replayed.nowMs);
  try {
    return { ...replayed, results: (await runner.finish(untilMs)).results };
  } finally {
    await runner.close();
  }
}

describe('backtest runner: the cell tracker replayed beside the rings', () => {
  it.each([
    { window: [0, 180], page: 100_000 },
    { window: [0, 180], page: 50 },
    { window: [0, 180], page: 1 },
    { window: [30, 50], page: 40 },
    { window: [0, 20], page: 25 },
    { window: [70, 75], page: 300 },
    // The strokes end while the storm is on: the predictions lapse after the last of them.
    { window: [0, 180], page: 60, lastMin: 75 },
  ])(
    'gives the figures of one thread: window $window min, pages of $page, strokes until minute $lastMin',
    async ({ window, page, lastMin }) => {
      const strokes = STROKES.filter((s) => s.timeMs < T0 + (lastMin ?? 150) * MIN);
      const w = { fromMs: T0 + (window[0] as number) * MIN, toMs: T0 + (window[1] as number) * MIN };
      const start = { sites: SITES, window: w, stepDelayMs: 5_000 };
      const whole = await replay(inlineBacktestRunner(start), w, page, strokes);
      const announced: number[] = [];
      const split = inlineSplitRunner(start);
      const ahead = split.ahead?.bind(split);
      split.ahead = (strokes) => {
        announced.push(strokes.length);
        ahead?.(strokes);
      };
      const apart = await replay(split, w, page, strokes);
      expect(apart).toEqual(whole);
      // The predictions are there to be equal (not two replays without them), and the tracker ran ahead.
      const predicted = whole.results.flatMap((r) => r.steps.filter((s) => s.predicted));
      if (window[0] === 0 && window[1] === 180) expect(predicted.length).toBeGreaterThanOrEqual(2);
      if (page < strokes.length) expect(announced.length).toBeGreaterThan(0);
      if (lastMin) {
        const last = (strokes[strokes.length - 1] as EngineStroke).timeMs;
        expect(predicted.some((s) => s.atMs > last)).toBe(true);
      }
    },
  );

  it('says so when pages are fed out of the order they were announced', async () => {
    const w = { fromMs: T0, toMs: T0 + 60 * MIN };
    const split = inlineSplitRunner({ sites: SITES, window: w, stepDelayMs: 5_000 });
    split.ahead?.(STROKES.slice(10, 20));
    await expect(split.feed(STROKES.slice(0, 10))).rejects.toThrow(/order/);
  });
});
