import type { CellTrackerState } from '@thunderwatch/domain/cells/cell-tracker';
import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import type { CellCollection, CellTracks } from '@thunderwatch/shared/schemas/cells';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrokeLogPosition } from '../../modules/lightning/cells/cells-repo.js';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { minuteStrokes } from '../../test/strokes.js';
import { KEEP_MS } from './cell-stepper.js';
import type { CellTrackerService } from './cell-tracker-service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/**
 * A feed that comes late: strokes stored within the tracker's clustering window of their time are counted by
 * the live steps (live ids, tracks not cut at the hour, no hour stepped again), each once; strokes stored
 * after it ask for their hour to be stepped again.
 */
describe.each(DB_KINDS)('storm cells of a late feed (%s)', (kind) => {
  let t: TestApp;
  let tracker: CellTrackerService;
  let key: string;
  // An hour that began 2 to 3 hours ago: the storm runs from 10 min before it to 10 min after.
  const hour = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
  const base = hour - 10 * MIN;
  let clock = base + 6_000;
  // One cell moving east at 40 km/h, 12 flashes a minute, for 20 minutes.
  const flashes = syntheticFlashes(
    [{ lat: 30, lon: 114, eastKmh: 40, sigmaKm: 2, perMin: () => 12 }],
    base,
    0,
    20,
  );
  /** The feed's delay: minute m's strokes are stored 6 min after it begins (5 min after its first step). */
  const LATE_MIN = 6;

  const get = async <T>(url: string) => {
    const res = await t.call({ method: 'GET', url, token: t.admin.access });
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };
  const ingest = (strokes: unknown[]) => t.ingest(key, strokes);
  /** Moves the clock to 6 s past minute `k` of the storm, stores what the feed sends then, steps. */
  const stepTo = async (k: number, send: unknown[] = []) => {
    clock = base + k * MIN + 6_000;
    if (send.length > 0) expect(await ingest(send)).toBe(send.length);
    await tracker.runDue();
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const liveState = async () =>
    (await t.db.query<{ state: CellTrackerState }>('SELECT state FROM cell_tracker_state WHERE id = 1'))
      .rows[0]?.state ?? null;
  /** Flashes (by their first stroke) stored with a time in (toMs − 10 min, toMs]. */
  const storedFlashes = async (toMs: number) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT min(time) AS t FROM strokes GROUP BY coalesce(flash_id, -id)) f
         WHERE t > $1 AND t <= $2`,
        [new Date(toMs - 10 * MIN), new Date(toMs)],
      )
    ).rows[0]?.n ?? 0;
  /** Strokes stored with a time not before `sinceMs`. */
  const storedStrokes = async (sinceMs: number) =>
    (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM strokes WHERE time >= $1', [
        new Date(sinceMs),
      ])
    ).rows[0]?.n ?? 0;
  /** Each step holds each stroke of its window and the minute before once, and counts each flash once. */
  const expectCountedOnce = async (now: number) => {
    const state = await liveState();
    expect(state?.timeMs).toBe(now);
    expect(tracker.stats.strokes, iso(now)).toBe(await storedStrokes(now - KEEP_MS));
    const counted = (state?.cells ?? []).reduce((n, c) => n + c.flashes, 0);
    expect(counted, iso(now)).toBe(await storedFlashes(now));
    return state;
  };
  const restepBlocks = async () =>
    (await t.db.query<{ block: Date }>('SELECT block FROM cell_restep_blocks ORDER BY block')).rows.map((r) =>
      r.block.getTime(),
    );

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['cell-tracker'],
      now: () => new Date(clock),
      env: { LEADER_POLL_MS: '100' },
    });
    tracker = t.app.services.cellTracker;
    key = await t.createFeed(`late-${kind}`);
    await tracker.runDue();
  });
  afterAll(() => t.close());

  it('tracks live a storm whose strokes come 5 min late, across the hour, asking for no re-step', async () => {
    const ids = new Set<string>();
    for (let k = 1; k <= 20 + LATE_MIN; k++) {
      await stepTo(k, k >= LATE_MIN ? minuteStrokes(flashes, base, k - LATE_MIN) : []);
      // Every stroke and flash stored for the step's window counts, late ones too, none twice.
      const state = await expectCountedOnce(base + k * MIN);
      if (k < LATE_MIN) continue;
      expect(state?.cells.length).toBeGreaterThan(0);
      for (const c of state?.cells ?? []) ids.add(c.id);
    }
    // One cell, with a live id, from the step that first had its strokes.
    expect([...ids]).toHaveLength(1);
    const id = [...ids][0] as string;
    expect(id).toMatch(/^\d{8}T\d{4}-1$/);

    // Its track goes on through the hour under that id.
    const tracks = await get<CellTracks>(
      `/api/scz_query_range?from=${iso(base)}&to=${iso(base + 40 * MIN)}&bbox=113,29,116,31`,
    );
    expect(tracks.items.map((x) => x.id)).toEqual([id]);
    const steps = tracks.items[0]?.steps.map((s) => new Date(s.time).getTime()) ?? [];
    expect(steps[0]).toBe(base + LATE_MIN * MIN);
    expect(steps.at(-1)).toBe(base + (20 + LATE_MIN) * MIN);
    expect(steps).toHaveLength(21);
    expect(steps).toContain(hour);
    // Read live: no hour is asked to be stepped again.
    expect(await restepBlocks()).toEqual([]);
  });

  it('counts each stroke once through a new term, which reads the window again', async () => {
    const epoch = async () =>
      (await t.db.query<{ epoch: number }>("SELECT epoch FROM singleton_leases WHERE name = 'cell-tracker'"))
        .rows[0]?.epoch;
    const before = await epoch();
    const id = (await liveState())?.cells[0]?.id;
    await t.app.services.leadership.resign('cell-tracker');
    await expect.poll(epoch, { timeout: 5000 }).not.toBe(before);
    // The feed sends its last minute again meanwhile: stored once already, nothing is added.
    clock = base + 27 * MIN + 6_000;
    expect(await ingest(minuteStrokes(flashes, base, 19))).toBe(0);
    await stepTo(27);
    const state = await expectCountedOnce(base + 27 * MIN);
    expect(state?.cells.map((c) => c.id)).toEqual([id]);
    await stepTo(28);
    await expectCountedOnce(base + 28 * MIN);
  });

  it('reads the log in pages that hold each stroke once, in order', async () => {
    const repo = t.app.services.cellsRepo;
    const head = (await repo.logHead()) as number;
    const from = new Date(base - MIN);
    const count = await repo.countArrived(null, head, from);
    expect(count).toBe(flashes.length);
    // Pages of 7 split the batches (a minute's strokes share one received_at).
    const seen: number[] = [];
    let page: StrokeLogPosition | null = null;
    for (;;) {
      const r = await repo.arrived(null, head, from, page, 7);
      seen.push(...r.strokes.map((s) => s.id));
      if (r.strokes.length < 7) break;
      page = r.last;
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    // After a position, only what was received after it.
    const firstBatch = await repo.arrived(null, head, from, null, 1);
    const after = await repo.countArrived(firstBatch.last?.us ?? 0, head, from);
    expect(after).toBe(count - minuteStrokes(flashes, base, 0).length);
    expect(await repo.countArrived(head, head, from)).toBe(0);
  });

  it('asks for the hour of strokes stored after the window has passed them, which the live steps ignore', async () => {
    // Another storm, far off, 20 to 23 min into the hour; its strokes are stored 15 min after its last minute.
    const other = hour + 20 * MIN;
    const late = syntheticFlashes([{ lat: 25, lon: 110, sigmaKm: 2, perMin: () => 10 }], other, 0, 3, 7);
    const strokes = [];
    for (let m = 0; m < 3; m++) strokes.push(...minuteStrokes(late, other, m));
    for (let k = 29; k < 48; k++) await stepTo(k);
    await stepTo(48, strokes);
    expect(base + 48 * MIN).toBe(other + 18 * MIN);
    expect(await restepBlocks()).toEqual([hour]);
    const live = await get<CellCollection>('/api/scz');
    expect(live.time).toBe(iso(other + 18 * MIN));
    expect(live.features).toEqual([]);
  });
});
