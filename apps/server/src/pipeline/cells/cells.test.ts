import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import type { CellCollection, CellTracks } from '@thunderwatch/shared/schemas/cells';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { minuteStrokes } from '../../test/strokes.js';
import { CELL_TRACKER, type CellTrackerService } from './cell-tracker-service.js';

const MIN = 60_000;

/** The tracker on the leader, stepping by a clock the test moves; /api/scz and /api/scz_query_range. */
describe.each(DB_KINDS)('storm cells (%s)', (kind) => {
  let t: TestApp;
  let tracker: CellTrackerService;
  let key: string;
  // A whole minute 40 minutes ago: the storm starts there and the clock moves through it.
  const base = Math.floor(Date.now() / MIN) * MIN - 40 * MIN;
  let clock = base + 10_000;
  // One cell moving east at 40 km/h, 12 flashes a minute (one stroke each), over 30 minutes.
  const flashes = syntheticFlashes(
    [{ lat: 30, lon: 114, eastKmh: 40, sigmaKm: 2, perMin: () => 12 }],
    base,
    0,
    30,
  );

  const get = async <T>(url: string) => {
    const res = await t.call({ method: 'GET', url, token: t.admin.access });
    return {
      status: res.statusCode,
      body: res.json() as T & { error?: { code: string; details?: { field: string }[] } },
    };
  };
  /** Ingests minute `m`'s strokes, moves the clock past the minute and runs the steps due. */
  const minute = async (m: number) => {
    const strokes = minuteStrokes(flashes, base, m);
    clock = base + (m + 1) * MIN + 6_000;
    expect(await t.ingest(key, strokes)).toBe(strokes.length);
    await tracker.runDue();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['cell-tracker'],
      now: () => new Date(clock),
      env: { LEADER_POLL_MS: '100' },
    });
    tracker = t.app.services.cellTracker;
    key = await t.createFeed(`cells-${kind}`);
  });
  afterAll(() => t.close());

  it('answers no step before the first, then the cells of each minute with their motion and nowcasts', async () => {
    const empty = await get<CellCollection>('/api/scz');
    expect(empty.body).toEqual({ type: 'FeatureCollection', time: null, features: [] });
    for (let m = 0; m < 16; m++) await minute(m);

    const now = await get<CellCollection>('/api/scz');
    expect(now.body.time).toBe(new Date(base + 16 * MIN).toISOString());
    expect(now.body.features).toHaveLength(1);
    const p = now.body.features[0]?.properties;
    expect(p?.motion?.speed_kmh).toBeGreaterThan(30);
    expect(p?.motion?.speed_kmh).toBeLessThan(50);
    expect(p?.nowcast.map((n) => n.lead_min)).toEqual([15, 30, 60]);
    expect(p?.flash_rate_per_min).toBeCloseTo(12, 0);
    expect(p?.born_at).toBe(new Date(base + MIN).toISOString());

    const earlier = await get<CellCollection>(
      `/api/scz?time=${new Date(base + 5 * MIN + 30_000).toISOString()}`,
    );
    expect(earlier.body.time).toBe(new Date(base + 5 * MIN).toISOString());
    expect(earlier.body.features[0]?.properties.id).toBe(p?.id);
    // A step more than 5 minutes before the asked time is not that time's.
    const before = await get<CellCollection>(`/api/scz?time=${new Date(base - 10 * MIN).toISOString()}`);
    expect(before.body.time).toBeNull();
  });

  it('continues the same cell after a new term (a restart or failover) from the stored state', async () => {
    const id = (await get<CellCollection>('/api/scz')).body.features[0]?.properties.id;
    const term = async () =>
      (
        await t.db.query<{ epoch: number }>('SELECT epoch FROM singleton_leases WHERE name = $1', [
          CELL_TRACKER,
        ])
      ).rows[0]?.epoch;
    const epoch = await term();
    await t.app.services.leadership.resign(CELL_TRACKER);
    // Two minutes pass while no node tracks; the new term replays them from the stored strokes.
    await minute(16);
    await minute(17);
    await expect.poll(term, { timeout: 5000 }).not.toBe(epoch);
    await minute(18);
    const now = await get<CellCollection>('/api/scz');
    expect(now.body.time).toBe(new Date(base + 19 * MIN).toISOString());
    expect(now.body.features.map((f) => f.properties.id)).toEqual([id]);
    const steps = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cell_steps');
    expect(steps.rows[0]?.n).toBe(19);
  });

  it('answers tracks over a range and bbox', async () => {
    const range = (q: string) => get<CellTracks>(`/api/scz_query_range?${q}`);
    const from = new Date(base).toISOString();
    const to = new Date(base + 30 * MIN).toISOString();
    const all = await range(`from=${from}&to=${to}&bbox=113,29,116,31`);
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(1);
    const track = all.body.items[0];
    expect(track?.steps).toHaveLength(19);
    expect(track?.last_at).toBe(new Date(base + 19 * MIN).toISOString());
    const lons = track?.steps.map((s) => s.centroid[0]) ?? [];
    expect(lons.at(-1)).toBeGreaterThan(lons[2] as number);
    expect((await range(`from=${from}&to=${to}&bbox=100,10,101,11`)).body.items).toEqual([]);
    expect((await range(`from=${from}&to=${to}&bbox=170,29,113,31`)).body.items).toHaveLength(0);
    expect((await range(`from=${from}&to=${to}&bbox=113.5,29,-170,31`)).body.items).toHaveLength(1);
  });

  it.each([
    { q: 'to=2024-07-01T01:00:00Z', code: 'validation.failed', field: 'from' },
    { q: 'from=2024-07-01T02:00:00Z&to=2024-07-01T01:00:00Z', code: 'validation.failed', field: 'from' },
    {
      q: 'from=2024-07-01T00:00:00Z&to=2024-07-02T00:00:01Z',
      code: 'lightning.window_too_large',
      field: 'from',
    },
    {
      q: 'from=2024-07-01T00:00:00Z&to=2024-07-01T01:00:00Z&bbox=1,2,3',
      code: 'validation.failed',
      field: 'bbox',
    },
    {
      q: 'from=2024-07-01T00:00:00Z&to=2024-07-01T01:00:00Z&bbox=1,50,3,40',
      code: 'validation.failed',
      field: 'bbox',
    },
    { q: 'from=yesterday&to=2024-07-01T01:00:00Z', code: 'validation.failed', field: 'from' },
  ])('refuses $q with $code naming $field', async ({ q, code, field }) => {
    const res = await get<CellTracks>(`/api/scz_query_range?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(code);
    expect(JSON.stringify(res.body.error?.details ?? [])).toContain(field);
  });

  it('refuses a bad time, and asks for a login', async () => {
    expect((await get('/api/scz?time=soon')).status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/scz' })).statusCode).toBe(401);
  });

  it('deletes the steps past retention', async () => {
    expect(await t.app.services.cellsRepo.purgeBefore(new Date(base + 10 * MIN))).toBe(9);
    const old = await get<CellCollection>(`/api/scz?time=${new Date(base + 5 * MIN).toISOString()}`);
    expect(old.body.time).toBeNull();
    const cells = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cells WHERE step_time < $1',
      [new Date(base + 10 * MIN)],
    );
    expect(cells.rows[0]?.n).toBe(0);
  });

  it('catches up at once when the clock is moved forward (the browser tests move it)', async () => {
    // Three quiet minutes after the last step: the steps due are taken now, not at the next minute's timer.
    clock = base + 22 * MIN + 6_000;
    await tracker.catchUp();
    expect((await get<CellCollection>('/api/scz')).body.time).toBe(new Date(base + 22 * MIN).toISOString());
  });
});
