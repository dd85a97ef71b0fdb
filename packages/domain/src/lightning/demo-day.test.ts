import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo/geodesy.js';
import { Backtest } from '../warnings/backtest.js';
import { ringRulesOf } from '../warnings/ring-rules.js';
import type { EngineStroke } from '../warnings/warning-engine.js';
import { type DemoDay, type DemoSite, judgeDemoDay, measureDemoDay, overlapShare } from './demo-day.js';
import { demoSitesWithRings } from './demo-sites.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The demo group's sites as the first start seeds them, with the default rings. */
const SITES: DemoSite[] = demoSitesWithRings();

/**
 * Six hours from `npm start` at `hour`:`minute` (Beijing time, UTC+8) on a summer day, the world set up as
 * the feed sets it up with its default backfill of 120 minutes: anchored at the whole hour at or before two
 * hours earlier, with a storm over the first site at the start.
 */
function demoDay(seed: number | string, hour: number, minute: number): DemoDay {
  const startMs = Date.UTC(2026, 6, 12, hour - 8, minute);
  return measureDemoDay({
    seed,
    worldStartMs: Math.floor((startMs - 2 * HOUR) / HOUR) * HOUR,
    fromMs: startMs,
    toMs: startMs + 6 * HOUR,
    sites: SITES,
    redAtMs: startMs,
  });
}

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The figures, for a failure's message. */
function describeDay(day: DemoDay): string {
  const sites = day.sites.map(
    (s) =>
      `site ${s.id}: red ${percent(s.redShare)}, clear ${percent(s.levelShare[0])}, ${s.fullCycles} cycles (${s.cycleMin.map(Math.round).join(', ')} min), longest red ${Math.round(s.longestRedMin)} min`,
  );
  return `${sites.join('; ')}; ≥2 red ${percent(day.twoOrMoreRedShare)}`;
}

describe('the demo over six simulated hours', () => {
  // The server's default seed and two others; start times over the day (night, morning, afternoon, evening).
  const cases = [20260712, 7, 'demo'].flatMap((seed, i) =>
    [0, 6, 13, 19].map((hour) => [seed, hour, 17 * i] as const),
  );

  it.each(cases)(
    'seed %s from %i:%i: sites mostly clear, each with whole cycles, one red at a time',
    (seed, hour, minute) => {
      const day = demoDay(seed, hour, minute);
      const why = describeDay(day);
      expect(day.strokes, why).toBeGreaterThan(1000);
      // The newcomer's first red alarm: the first site is red from the start.
      expect(day.sites[0]?.levelAtFrom, why).toBe(3);
      for (const site of day.sites) {
        expect(site.redShare, why).toBeLessThanOrEqual(0.25);
        expect(site.levelShare[0], why).toBeGreaterThanOrEqual(0.4);
        // Yellow, then orange, then red, then the all-clear, each cycle within about 90 minutes.
        expect(site.fullCycles, why).toBeGreaterThanOrEqual(1);
        for (const minutes of site.cycleMin) expect(minutes, why).toBeLessThanOrEqual(90);
        expect(site.straightToRed, why).toBe(0);
      }
      const meanClear = day.sites.reduce((sum, s) => sum + s.levelShare[0], 0) / day.sites.length;
      expect(meanClear, why).toBeGreaterThan(0.5);
      expect(day.twoOrMoreRedShare, why).toBeLessThanOrEqual(0.05);
    },
  );

  it('is the same day however often it is measured (the world is deterministic from its seed)', () => {
    expect(demoDay(20260712, 13, 5)).toEqual(demoDay(20260712, 13, 5));
  });
});

describe('judgeDemoDay', () => {
  it('counts a whole cycle, a rise straight to red, the red spells and their overlap', () => {
    const t0 = Date.UTC(2026, 6, 12, 6);
    const [a, b] = [
      { lat: 23, lon: 113 },
      { lat: 23, lon: 114 },
    ];
    /** A stroke `km` north of `site`, `min` minutes after t0. */
    const at = (site: { lat: number; lon: number }, km: number, min: number): EngineStroke => ({
      timeMs: t0 + min * MIN,
      ...destinationPoint(site.lat, site.lon, 0, km),
      isIc: false,
      peakKa: -20,
      flashId: null,
    });
    const window = { fromMs: t0 - 10 * MIN, toMs: t0 + 120 * MIN };
    const run = new Backtest(
      [a, b].map((p, i) => ({
        id: i + 1,
        shape: { type: 'Point', coordinates: [p.lon, p.lat] } as const,
        rules: ringRulesOf(DEFAULT_RINGS),
      })),
      window,
    );
    // Site 1: a storm comes in (yellow, orange, red) and stops at +12 min: all clear 30 minutes later.
    // Site 2: one stroke overhead at +20 min: red at once, for 30 minutes.
    run.feed([at(a, 25, 0), at(a, 15, 5), at(a, 5, 10), at(a, 5, 12), at(b, 1, 20)]);
    const day = judgeDemoDay(run.finish(window.toMs), window.fromMs, window.toMs);
    const [one, two] = day.sites;
    expect(one).toMatchObject({
      fullCycles: 1,
      cycleMin: [42],
      episodes: 1,
      straightToRed: 0,
      longestRedMin: 32,
    });
    expect(one?.redShare).toBeCloseTo(32 / 130, 10);
    expect(one?.levelShare.map((x) => Math.round(x * 130))).toEqual([88, 5, 5, 32]);
    expect(two).toMatchObject({ fullCycles: 0, episodes: 1, straightToRed: 1, longestRedMin: 30 });
    // Both red from +20 to +42 min.
    expect(day.twoOrMoreRedShare).toBeCloseTo(22 / 130, 10);
  });
});

describe('overlapShare', () => {
  it.each([
    [
      'two spells overlapping for 10 of 100',
      [[0, 30] as [number, number], [20, 40] as [number, number]],
      2,
      0.1,
    ],
    ['touching spells do not overlap', [[0, 30] as [number, number], [30, 60] as [number, number]], 2, 0],
    ['one spell is covered once', [[10, 30] as [number, number]], 1, 0.2],
    ['clipped to the window', [[-50, 20] as [number, number], [-10, 150] as [number, number]], 2, 0.2],
    [
      'three at once counted once',
      [[0, 50] as [number, number], [0, 50] as [number, number], [40, 50] as [number, number]],
      2,
      0.5,
    ],
  ])('%s', (_name, spells, k, share) => {
    expect(overlapShare(spells, k, 0, 100)).toBeCloseTo(share, 10);
  });
});
