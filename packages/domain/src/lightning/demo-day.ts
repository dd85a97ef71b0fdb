import type { Level } from '@thunderwatch/shared/warnings';
import type { ShapeGeometry } from '../geo/shape-distance.js';
import { sitePoint } from '../geo/site-point.js';
import { Backtest, type SiteBacktest } from '../warnings/backtest.js';
import type { RingRule } from '../warnings/ring-rules.js';
import type { EngineStroke } from '../warnings/warning-engine.js';
import { createLightningSimulator, type LightningSimulator, type SimStroke } from './simulator.js';

/**
 * What the demo looks like over an afternoon, measured on simulated time: the simulator's storms, steered at
 * the demo sites as the live demo steers them (their `sitePoint`s are the hotspots), replayed through the
 * warning engine's core with the sites' own rings (`Backtest`, the live engine's rules on a simulated clock).
 * Per site: the share of the window each level is shown, the full cycles (an episode that rose yellow, then
 * orange, then red, and fell back to clear, all inside the window) and the longest red spell; over the
 * sites: the share of the window during which two or more are red at once. The test of the simulator
 * (`demo-day.test.ts`) and `bench/demo-day.bench.mjs` both read it.
 *
 * Cost: the strokes go through the engine's spatial index once each (no stroke is measured against every
 * site here), and the figures are read from the level steps, a sweep over the sites' red spells.
 */

export interface DemoSite {
  id: number;
  shape: ShapeGeometry;
  rules: readonly RingRule[];
}

export interface DemoDayOptions {
  seed: number | string;
  /** Where the simulated world is anchored (the live feed anchors it to a whole hour before its backfill). */
  worldStartMs: number;
  /** The window judged, [fromMs, toMs); strokes from `worldStartMs` on warm the rings up before it. */
  fromMs: number;
  toMs: number;
  sites: readonly DemoSite[];
  /** The simulator's `redAtMs`: the live feed gives its start (the first site is red then). */
  redAtMs?: number;
}

export interface DemoSiteDay {
  id: number;
  /** Share of the window (0–1) at each level, 0 clear … 3 red. */
  levelShare: [number, number, number, number];
  redShare: number;
  /** Episodes inside the window that rose 1 → 2 → 3 (no level skipped) and fell back to clear. */
  fullCycles: number;
  /** Minutes from the first yellow to the all-clear of each full cycle, in order. */
  cycleMin: number[];
  /** Episodes begun in the window (any shape), and those that rose straight to red from clear. */
  episodes: number;
  straightToRed: number;
  /** The longest red spell within the window, minutes. */
  longestRedMin: number;
  /** The level at `fromMs`. */
  levelAtFrom: Level;
}

export interface DemoDay {
  sites: DemoSiteDay[];
  /** Share of the window during which at least two sites are red at once. */
  twoOrMoreRedShare: number;
  /** Strokes the engine was fed (world start to the window's end). */
  strokes: number;
}

const MINUTE_MS = 60_000;

/** Runs the simulator from `worldStartMs` to `toMs` through the engine and measures the window. */
export function measureDemoDay(options: DemoDayOptions): DemoDay {
  const { seed, worldStartMs, fromMs, toMs, sites, redAtMs } = options;
  if (!(toMs > fromMs) || fromMs < worldStartMs) throw new RangeError('need worldStartMs <= fromMs < toMs');
  const sim = createLightningSimulator({
    seed,
    startMs: worldStartMs,
    hotspots: sites.map((s) => sitePoint(s.shape)),
    redAtMs,
  });
  const { results, fed } = replayThroughEngine(sim, sites, { worldStartMs, fromMs, toMs });
  return { ...judgeDemoDay(results, fromMs, toMs), strokes: fed };
}

/** A simulated stroke as the warning engine takes it. */
export function engineStrokeOf(s: SimStroke): EngineStroke {
  return {
    timeMs: s.epochMs + (s.ns % 1_000_000) / 1e6,
    lat: s.lat,
    lon: s.lon,
    isIc: s.type === 'IC',
    peakKa: s.peakKa,
    flashId: null,
  };
}

/**
 * The sites' warnings over [fromMs, toMs) from the world's strokes since `worldStartMs`, fed a minute at a time
 * as the feed ingests them (slicing does not change the world), through the engine's rules (`Backtest`).
 */
export function replayThroughEngine(
  sim: LightningSimulator,
  sites: readonly DemoSite[],
  w: { worldStartMs: number; fromMs: number; toMs: number },
): { results: SiteBacktest[]; fed: number } {
  const run = new Backtest(
    sites.map((s) => ({ id: s.id, shape: s.shape, rules: s.rules })),
    { fromMs: w.fromMs, toMs: w.toMs },
  );
  let fed = 0;
  const batch: EngineStroke[] = [];
  for (let t = w.worldStartMs; t < w.toMs; ) {
    t = Math.min(w.toMs, t + MINUTE_MS);
    batch.length = 0;
    for (const s of sim.advance(t)) {
      // A stroke at exactly `toMs` belongs to the next window.
      if (s.epochMs < w.toMs) batch.push(engineStrokeOf(s));
    }
    run.feed(batch);
    fed += batch.length;
  }
  return { results: run.finish(w.toMs), fed };
}

/** The figures of a backtest's sites over [fromMs, toMs) (`finish(toMs)`'s results). */
export function judgeDemoDay(
  results: readonly SiteBacktest[],
  fromMs: number,
  toMs: number,
): Omit<DemoDay, 'strokes'> {
  const spans = toMs - fromMs;
  const redSpells: [number, number][] = [];
  const out: DemoSiteDay[] = results.map((r) => {
    const shares: [number, number, number, number] = [0, 0, 0, 0];
    let longestRed = 0;
    const steps = r.steps.filter((s) => s.atMs < toMs);
    steps.forEach((step, i) => {
      const from = Math.max(fromMs, step.atMs);
      const to = Math.min(toMs, steps[i + 1]?.atMs ?? toMs);
      if (to <= from) return;
      shares[step.level] += (to - from) / spans;
    });
    // Red spells: from a step to red to the next step away from it.
    let redFrom: number | null = null;
    for (const step of steps) {
      const at = Math.max(fromMs, step.atMs);
      if (step.level === 3 && redFrom === null) redFrom = at;
      else if (step.level !== 3 && redFrom !== null) {
        redSpells.push([redFrom, at]);
        longestRed = Math.max(longestRed, at - redFrom);
        redFrom = null;
      }
    }
    if (redFrom !== null) {
      redSpells.push([redFrom, toMs]);
      longestRed = Math.max(longestRed, toMs - redFrom);
    }
    let fullCycles = 0;
    let straightToRed = 0;
    let episodes = 0;
    const cycleMin: number[] = [];
    for (const e of r.episodes) {
      if (e.startedMs < fromMs) continue;
      episodes++;
      // The first level reached above every earlier one, in order: 1, 2, 3 for a full rise.
      const rises: number[] = [];
      for (const entry of e.timeline) if (entry.level > (rises.at(-1) ?? 0)) rises.push(entry.level);
      if (rises[0] === 3) straightToRed++;
      if (rises.join() === '1,2,3' && e.endedMs !== null && e.endedMs <= toMs) {
        fullCycles++;
        cycleMin.push((e.endedMs - e.startedMs) / MINUTE_MS);
      }
    }
    return {
      id: r.id,
      levelShare: shares,
      redShare: shares[3],
      fullCycles,
      cycleMin,
      episodes,
      straightToRed,
      longestRedMin: longestRed / MINUTE_MS,
      levelAtFrom: r.levelAtFrom,
    };
  });
  return { sites: out, twoOrMoreRedShare: overlapShare(redSpells, 2, fromMs, toMs) };
}

/** Share of [fromMs, toMs) covered by at least `k` of the spells at once (a sweep over their ends). */
export function overlapShare(spells: readonly [number, number][], k: number, fromMs: number, toMs: number) {
  const edges: [number, number][] = [];
  for (const [a, b] of spells) {
    if (b <= a) continue;
    edges.push([a, 1], [b, -1]);
  }
  // Ends before starts at the same instant: touching spells do not overlap.
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let on = 0;
  let covered = 0;
  let last = fromMs;
  for (const [at, d] of edges) {
    if (on >= k) covered += Math.max(0, Math.min(at, toMs) - Math.max(last, fromMs));
    last = at;
    on += d;
  }
  return covered / (toMs - fromMs);
}
