import { createRandom } from '@thunderwatch/domain/random';
import { describe, expect, it } from 'vitest';
import {
  APPROACH_WORK_PER_ROUND,
  type ApproachJob,
  ApproachPlanner,
  type ApproachRound,
} from './approach-planner.js';
import { type ApproachRunner, inlineApproachRunner, packStrokes, unpackStrokes } from './approach-runner.js';
import { APPROACH_TTL_MS, WarningItems } from './warning-items.js';
import { type WatchedMeta, watchedMeta } from './watched-location.js';

const NOW = 1_750_000_000_000;
const RINGS = [10, 20, 30].map((radius_km, i) => ({
  radius_km,
  level: (3 - i) as 1 | 2 | 3,
  all_clear_min: 30,
  min_strokes: 1,
  window_min: 1,
  include_ic: true,
}));

/** `n` flashes of the last 30 min in a 1° × 1° box from 24.5° N 110° E: within 150 km of every site in it. */
function denseStorm(n: number, seed = 7) {
  const r = createRandom(seed);
  return Array.from({ length: n }, (_, i) => ({
    timeMs: NOW - r.next() * 29 * 60_000,
    lat: 24.5 + r.next(),
    lon: 110 + r.next(),
    flashId: i + 1,
  }));
}

function sites(n: number): WatchedMeta[] {
  return Array.from({ length: n }, (_, i) =>
    watchedMeta({
      id: i + 1,
      groupId: 1,
      name: `site ${i}`,
      shape: { type: 'Point', coordinates: [110.05 + 0.1 * (i % 10), 24.55 + 0.1 * Math.floor(i / 10)] },
      rings: RINGS,
    }),
  );
}

/** An inline runner that records each round: which locations it was asked for and what it did. */
function recording(planner: ApproachPlanner) {
  const inner = inlineApproachRunner(planner);
  const rounds: { asked: number[]; round: ApproachRound; nowMs: number }[] = [];
  const runner: ApproachRunner = {
    ...inner,
    run: (jobs, nowMs, onDone) =>
      inner.run(jobs, nowMs, (round) => {
        rounds.push({ asked: jobs.map((j) => j.id), round, nowMs });
        onDone(round);
      }),
  };
  return { runner, rounds };
}

describe('storm approach work per tick', () => {
  it('keeps each round within its work in a dense storm and still re-estimates every busy location every 15 s', () => {
    const planner = new ApproachPlanner();
    planner.add(denseStorm(30_000));
    const { runner, rounds } = recording(planner);
    const items = new WarningItems(runner);
    const metas = sites(40);
    const last = new Map<number, number>();
    // One engine tick a second for 17 s: every location is busy all the time.
    for (let tick = 0; tick <= 16; tick++) {
      const nowMs = NOW + tick * 1000;
      items.refresh(metas, nowMs);
      for (const { round } of rounds.filter((r) => r.nowMs === nowMs)) {
        for (const { id } of round.done) last.set(id, nowMs);
      }
      if (tick >= 1) {
        // No location waits longer than its 15 s plus the tick it is due in.
        for (const m of metas)
          expect(nowMs - (last.get(m.id) ?? NOW - 60_000)).toBeLessThanOrEqual(APPROACH_TTL_MS + 1000);
      }
    }
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    for (const { round } of rounds) {
      // 30,000 flashes near each of 40 locations would be 1.2 million in one round; a round stops at its work.
      expect(round.work).toBeLessThanOrEqual(APPROACH_WORK_PER_ROUND);
      expect(round.done.length).toBeGreaterThan(0);
    }
    expect(rounds[0]?.round.done.length).toBe(APPROACH_WORK_PER_ROUND / 30_000);
    expect(items.stats.maxWork).toBeLessThanOrEqual(APPROACH_WORK_PER_ROUND);
    expect(items.stats.estimates).toBe(rounds.reduce((s, r) => s + r.round.done.length, 0));
    // Oldest first: the round after the first does the locations the first left.
    expect(rounds[1]?.round.done.map((d) => d.id)).toEqual(
      rounds[0]?.asked.slice(rounds[0].round.done.length),
    );
  });

  it('estimates one location per round even when its storm alone is more than a round of work', () => {
    const planner = new ApproachPlanner();
    planner.add(denseStorm(5_000));
    const jobs: ApproachJob[] = sites(3).map((m) => ({
      id: m.id,
      site: m.site,
      shape: m.shape,
      ringRadiiKm: [10, 20, 30],
    }));
    const round = planner.run(jobs, NOW, 1_000);
    expect(round.done.map((d) => d.id)).toEqual([1]);
    expect(round.work).toBe(5_000);
    expect(round.done[0]?.approach.status).not.toBeUndefined();
  });

  it('on a worker, starts the next round as soon as one ends while estimates are due', () => {
    const planner = new ApproachPlanner();
    planner.add(denseStorm(5_000));
    const rounds: ApproachRound[] = [];
    const background: ApproachRunner = {
      background: true,
      add: () => {},
      run: (jobs, nowMs, onDone) => {
        const round = planner.run(jobs, nowMs, 10_000);
        rounds.push(round);
        onDone(round);
        return true;
      },
      close: async () => {},
    };
    const items = new WarningItems(background, () => NOW);
    items.refresh(sites(6), NOW);
    expect(rounds.map((r) => r.done.length)).toEqual([2, 2, 2]);
    expect(items.stats.estimates).toBe(6);
    items.refresh(sites(6), NOW + 1000);
    expect(rounds).toHaveLength(3);
  });

  it('sends strokes to the worker as numbers and gets the same flashes back', () => {
    const strokes = [
      { timeMs: NOW, lat: 24.5, lon: 110.25, flashId: 17 },
      { timeMs: NOW - 1, lat: -33.9, lon: -179.5, flashId: null },
    ];
    expect(unpackStrokes(packStrokes(strokes))).toEqual(strokes);
  });
});
