import { estimateApproach } from '@thunderwatch/domain/cells/storm-approach';
import { createRandom } from '@thunderwatch/domain/common/random';
import { describe, expect, it } from 'vitest';
import { type ApproachJob, ApproachPlanner } from './approach-planner.js';
import { type ApproachRunner, inlineApproachRunner, packStrokes, unpackStrokes } from './approach-runner.js';
import { MAX_FLASHES, RecentFlashes } from './recent-flashes.js';
import { WarningItems } from './warning-items.js';
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

/** `n` flashes of the last 30 min in a 1° × 1° box from 24.5° N 110° E, round ten drifting cells. */
function denseStorm(n: number, seed = 7) {
  const r = createRandom(seed);
  const centres = Array.from({ length: 10 }, () => ({
    lat: 24.65 + r.next() * 0.7,
    lon: 110.15 + r.next() * 0.7,
  }));
  return Array.from({ length: n }, (_, i) => {
    const ago = r.next() * 29;
    const c = centres[i % 10] as { lat: number; lon: number };
    return {
      timeMs: NOW - ago * 60_000,
      lat: c.lat - ago * 0.004 + (r.next() - 0.5) * 0.3,
      lon: c.lon - ago * 0.004 + (r.next() - 0.5) * 0.3,
      flashId: i + 1,
    };
  });
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

const jobOf = (m: WatchedMeta): ApproachJob => ({
  id: m.id,
  site: m.site,
  shape: m.shape,
  ringRadiiKm: m.rings.map((r) => r.radius_km),
  reachKm: m.reachKm,
});

describe('storm approach rounds', () => {
  it('estimates every busy location on every tick from one clustering of the storm', () => {
    const planner = new ApproachPlanner();
    const storm = denseStorm(30_000);
    planner.add(storm);
    const rounds: { nowMs: number; ids: number[]; flashes: number }[] = [];
    const inner = inlineApproachRunner(planner);
    const runner: ApproachRunner = {
      ...inner,
      run: (jobs, nowMs, onDone) =>
        inner.run(jobs, nowMs, (round) => {
          rounds.push({ nowMs, ids: round.done.map((d) => d.id), flashes: round.flashes });
          onDone(round);
        }),
    };
    const items = new WarningItems(runner);
    const metas = sites(100);
    for (let tick = 0; tick < 3; tick++) items.refresh(metas, NOW + tick * 1000);
    // One round a tick, each with all 100 locations and the 30,000 flashes clustered once between them.
    expect(rounds.map((r) => r.nowMs)).toEqual([NOW, NOW + 1000, NOW + 2000]);
    for (const r of rounds) expect(r.ids).toEqual(metas.map((m) => m.id));
    expect(rounds[0]?.flashes).toBe(30_000);
    expect(items.stats).toMatchObject({ rounds: 3, estimates: 300, lastFlashes: 30_000 });
    // And each answer is the one the location would get from the storm's flashes by itself.
    const round = planner.run(metas.slice(0, 5).map(jobOf), NOW);
    round.done.forEach(({ approach }, i) => {
      const m = metas[i] as WatchedMeta;
      expect(approach).toEqual(
        estimateApproach({ flashes: storm, site: m.site, ringRadiiKm: [10, 20, 30], nowMs: NOW }),
      );
    });
    expect(round.done.some(({ approach }) => approach.status !== 'unknown')).toBe(true);
  });

  it('starts no round while one is out, and drops the estimate of a location forgotten meanwhile', () => {
    const planner = new ApproachPlanner();
    planner.add(denseStorm(2_000));
    let pending: (() => void) | null = null;
    let asked = 0;
    const worker: ApproachRunner = {
      add: () => {},
      run: (jobs, nowMs, onDone) => {
        if (pending) return false;
        asked++;
        pending = () => onDone(planner.run(jobs, nowMs));
        return true;
      },
      close: async () => {},
    };
    const items = new WarningItems(worker);
    const metas = sites(3);
    items.refresh(metas, NOW);
    items.refresh(metas, NOW + 1000);
    expect(asked).toBe(1);
    items.forget(2);
    (pending as unknown as () => void)();
    pending = null;
    const approachOf = (m: WatchedMeta) => items.build(m, undefined, NOW, { alertId: null, unconfirmed: 0 });
    expect(items.stats.estimates).toBe(3);
    // Shown only while the location is busy (no state here), so look at what the items keep instead.
    expect(metas.map((m) => approachOf(m).location_id)).toEqual([1, 2, 3]);
    expect([...(items as unknown as { approaches: Map<number, unknown> }).approaches.keys()]).toEqual([1, 3]);
    items.refresh(metas, NOW + 2000);
    expect(asked).toBe(2);
  });

  it('keeps at most MAX_FLASHES flashes, the newest, and forgets those older than 30 min', () => {
    const flashes = new RecentFlashes();
    const n = MAX_FLASHES + 1000;
    flashes.add(
      Array.from({ length: n }, (_, i) => ({
        timeMs: NOW - 20 * 60_000 + i,
        lat: 24,
        lon: 110,
        flashId: null,
      })),
    );
    flashes.prune(NOW);
    expect(flashes.size).toBe(MAX_FLASHES);
    expect(flashes.all()[0]?.timeMs).toBe(NOW - 20 * 60_000 + 1000);
    flashes.prune(NOW + 16 * 60_000);
    expect(flashes.size).toBe(0);
  });

  it('counts a flash once however many of its strokes arrive', () => {
    const flashes = new RecentFlashes();
    flashes.add([
      { timeMs: NOW, lat: 24, lon: 110, flashId: 5 },
      { timeMs: NOW + 50, lat: 24.01, lon: 110, flashId: 5 },
      { timeMs: NOW + 90, lat: 24.02, lon: 110, flashId: null },
    ]);
    expect(flashes.size).toBe(2);
  });

  it('sends strokes to the worker as numbers and gets the same flashes back', () => {
    const strokes = [
      { timeMs: NOW, lat: 24.5, lon: 110.25, flashId: 17 },
      { timeMs: NOW - 1, lat: -33.9, lon: -179.5, flashId: null },
    ];
    expect(unpackStrokes(packStrokes(strokes))).toEqual(strokes);
  });
});
