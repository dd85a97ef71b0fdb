import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import type { CellCollection, CellRestepStatus, CellTracks } from '@thunderwatch/shared/schemas/cells';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { minuteStrokes } from '../../test/strokes.js';
import type { CellRestep } from './cell-restep.js';
import type { CellTrackerService } from './cell-tracker-service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Strokes the live tracker never read (a past day imported through the ingest) are stepped again on the
 * tracker's leader: their cells, tracks and storm directions answer for that day, the same again after a
 * second import or a second run, and the live step goes on while a re-step is under way.
 */
describe.each(DB_KINDS)('cells of imported strokes (%s)', (kind) => {
  let t: TestApp;
  let tracker: CellTrackerService;
  let restep: CellRestep;
  let key: string;
  const now0 = Math.floor(Date.now() / MIN) * MIN;
  let clock = now0 + 10_000;
  // Three days ago, 10:30 UTC: one cell moving east at 40 km/h for 60 min, across the 11:00 hour.
  const day = Math.floor(now0 / DAY) * DAY - 3 * DAY;
  const base = day + 10 * HOUR + 30 * MIN;
  const flashes = syntheticFlashes(
    [{ lat: 30, lon: 114, eastKmh: 40, sigmaKm: 2, perMin: () => 12 }],
    base,
    0,
    60,
  );

  const get = async <T>(url: string) => {
    const res = await t.call({ method: 'GET', url, token: t.admin.access });
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };
  const ingest = (strokes: unknown[]) => t.ingest(key, strokes);
  /** The day imported in batches of 10 minutes, as an archive's reader sends it. */
  const importDay = async () => {
    let accepted = 0;
    for (let m = 0; m < 60; m += 10) {
      const strokes = [];
      for (let k = m; k < m + 10; k++) strokes.push(...minuteStrokes(flashes, base, k));
      accepted += await ingest(strokes);
    }
    return accepted;
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  /** Everything the day's cells answer: tracks, the step at 11:00, the storm directions of the day. */
  const answers = async () => ({
    tracks: await get<CellTracks>(
      `/api/scz_query_range?from=${iso(day + 10 * HOUR)}&to=${iso(day + 12 * HOUR)}&bbox=113,29,116,31`,
    ),
    at11: await get<CellCollection>(`/api/scz?time=${iso(day + 11 * HOUR)}`),
    rose: await get<{ storms: number; sectors: { storms: number; from_deg: number }[] }>(
      `/api/statistics/storm_directions?area=bbox&bbox=113,29,116,31&from=${iso(day).slice(0, 10)}&to=${iso(day).slice(0, 10)}&time_zone=UTC`,
    ),
    steps: (
      await t.db.query<{ time: Date; cell_count: number }>(
        'SELECT time, cell_count FROM cell_steps WHERE time >= $1 AND time < $2 ORDER BY time',
        [new Date(day), new Date(day + DAY)],
      )
    ).rows,
  });
  const liveState = async () =>
    (await t.db.query<{ time: Date }>('SELECT time FROM cell_tracker_state WHERE id = 1')).rows[0]?.time ??
    null;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['cell-tracker'],
      now: () => new Date(clock),
      env: { LEADER_POLL_MS: '100' },
    });
    tracker = t.app.services.cellTracker;
    restep = tracker.restep as CellRestep;
    key = await t.createFeed(`restep-${kind}`);
    // The live tracker's term has begun (its first run rebuilds nothing: there are no strokes yet).
    await tracker.runDue();
  });
  afterAll(() => t.close());

  let first: Awaited<ReturnType<typeof answers>>;

  it('steps an imported past day once its hours are asked for, continuing its cells across the hour', async () => {
    expect((await answers()).tracks.items).toEqual([]);
    expect(await importDay()).toBe(flashes.length);
    const asked = await get<CellRestepStatus>('/api/scz/restep');
    expect(asked.pending).toBe(2);
    expect(asked.items.map((b) => b.block).sort()).toEqual([iso(day + 10 * HOUR), iso(day + 11 * HOUR)]);
    const stateBefore = await liveState();

    await restep.runPending();

    first = await answers();
    // One cell, born at 10:31 (the first minute with 5 flashes), carried through 11:00 under one id.
    expect(first.tracks.items).toHaveLength(1);
    const track = first.tracks.items[0];
    expect(track?.id).toMatch(/^r\d{8}T10\d\d-1$/);
    expect(track?.steps.some((s) => s.time === iso(day + 11 * HOUR))).toBe(true);
    expect(track?.last_at).toBe(iso(day + 11 * HOUR + 39 * MIN));
    expect(first.at11.time).toBe(iso(day + 11 * HOUR));
    expect(first.at11.features.map((f) => f.properties.id)).toEqual([track?.id]);
    expect(first.at11.features[0]?.properties.motion?.speed_kmh).toBeGreaterThan(30);
    // It moved east: one storm in the sector centred on 90°.
    expect(first.rose.storms).toBe(1);
    expect(first.rose.sectors.find((s) => s.storms > 0)?.from_deg).toBe(78.75);
    // Steps from the first flash to 10 min after the last, nothing outside.
    expect(first.steps[0]?.time.getTime()).toBe(base + MIN);
    expect(first.steps.at(-1)?.time.getTime()).toBe(base + 70 * MIN);
    // The live tracker's state is its own.
    expect(await liveState()).toEqual(stateBefore);

    const status = await get<CellRestepStatus>('/api/scz/restep');
    expect(status.pending).toBe(0);
    expect(status.items.map((b) => b.state)).toEqual(['done', 'done']);
    expect(status.items.every((b) => b.through !== null && b.steps > 0)).toBe(true);
  });

  it('answers exactly the same after the day is imported again, and after its hours are stepped again', async () => {
    expect(await importDay()).toBe(0);
    await restep.runPending();
    expect(await answers()).toEqual(first);
    // Asked again (a cascade or a restart's gap): the same cells, ids and tracks.
    await t.app.services.cellRestepRepo.request([day + 10 * HOUR, day + 11 * HOUR], new Date(clock));
    expect((await get<CellRestepStatus>('/api/scz/restep')).pending).toBe(2);
    await restep.runPending();
    expect(await answers()).toEqual(first);
  });

  it('keeps stepping live minutes on time while a re-step is under way', async () => {
    // Another past day, 2 days ago, waits for its re-step; the run is held at its third minute.
    const other = Math.floor(now0 / DAY) * DAY - 2 * DAY + 6 * HOUR;
    const late = syntheticFlashes([{ lat: 25, lon: 110, sigmaKm: 2, perMin: () => 10 }], other, 0, 20, 5);
    const strokes = [];
    for (let m = 0; m < 20; m++) strokes.push(...minuteStrokes(late, other, m));
    expect(await ingest(strokes)).toBe(late.length);
    let reached!: () => void;
    const atThird = new Promise<void>((r) => {
      reached = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    restep.onMinute = async (minute) => {
      if (minute === other + 2 * MIN) {
        reached();
        await held;
      }
    };
    const run = restep.runPending();
    await atThird;
    const running = await get<CellRestepStatus>('/api/scz/restep');
    expect(running.items[0]).toMatchObject({
      block: iso(other),
      state: 'running',
      through: iso(other + MIN),
    });

    // Live minutes come and are stepped while the re-step waits.
    const liveBase = now0;
    const live = syntheticFlashes([{ lat: 23, lon: 113, sigmaKm: 2, perMin: () => 8 }], liveBase, 0, 3, 9);
    for (let m = 0; m < 3; m++) {
      clock = liveBase + (m + 1) * MIN + 6_000;
      await ingest(minuteStrokes(live, liveBase, m));
      await tracker.runDue();
      expect((await liveState())?.getTime()).toBe(liveBase + (m + 1) * MIN);
    }
    const liveCells = await get<CellCollection>('/api/scz');
    expect(liveCells.time).toBe(iso(liveBase + 3 * MIN));
    expect(liveCells.features.length).toBeGreaterThan(0);
    expect(liveCells.features.every((f) => /^\d{8}T/.test(f.properties.id))).toBe(true);
    expect((await get<CellRestepStatus>('/api/scz/restep')).items[0]?.state).toBe('running');

    release();
    await run;
    restep.onMinute = null;
    const done = await get<CellRestepStatus>('/api/scz/restep');
    expect(done.pending).toBe(0);
    const cells = await get<CellCollection>(`/api/scz?time=${iso(other + 15 * MIN)}`);
    expect(cells.features).toHaveLength(1);
    expect(cells.features[0]?.properties.id).toMatch(/^r/);
    // The live minutes' strokes were read by the live tracker: no hour asked for them.
    expect(done.items.some((b) => new Date(b.block).getTime() >= liveBase - HOUR)).toBe(false);
  });

  it('asks for the hours a down tracker missed, and shows the progress to administrators only', async () => {
    // The stored state is from 5 h ago: the next term cannot continue it and asks for the hours between.
    const old = Math.floor(clock / HOUR) * HOUR - 5 * HOUR;
    await t.db.query('UPDATE cell_tracker_state SET time = $1, state = $2::jsonb WHERE id = 1', [
      new Date(old),
      JSON.stringify({ timeMs: old, cells: [] }),
    ]);
    const term = async () =>
      (await t.db.query<{ epoch: number }>("SELECT epoch FROM singleton_leases WHERE name = 'cell-tracker'"))
        .rows[0]?.epoch;
    const epoch = await term();
    await t.app.services.leadership.resign('cell-tracker');
    await expect.poll(term, { timeout: 5000 }).not.toBe(epoch);
    await tracker.runDue();
    const status = await get<CellRestepStatus>('/api/scz/restep');
    const asked = status.items.map((b) => new Date(b.block).getTime());
    for (let b = old; b < old + 4 * HOUR; b += HOUR) expect(asked).toContain(b);
    const viewer = await t.createUser({ role: 'viewer' });
    const refused = await t.call({ method: 'GET', url: '/api/scz/restep', token: viewer.access });
    expect(refused.statusCode).toBe(403);
  });
});
