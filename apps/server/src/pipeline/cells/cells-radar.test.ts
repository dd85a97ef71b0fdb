import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { syntheticEchoGrid, syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import type { CellCollection } from '@thunderwatch/shared/schemas/cells';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { minuteStrokes } from '../../test/strokes.js';

const MIN = 60_000;
const BOUNDS = { west: 113, south: 29, east: 116, north: 31 };

/** The tracker with radar: frames stored through the ingest, read on the tracker's steps. */
describe.each(DB_KINDS)('storm cells from radar (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let key: string;
  const base = Math.floor(Date.now() / MIN) * MIN - 40 * MIN;
  let clock = base + 10_000;

  /** Stores a frame at minute `m` with echoes (at most 10 per grid), as a feed's file would be stored. */
  const radarFrame = async (
    m: number,
    echoes: { lat: number; lon: number }[],
    quantity = 'DBZH',
    product = 'test_dbz',
  ) => {
    const grid = syntheticEchoGrid(
      echoes.map((e) => ({ ...e, radiusKm: 6, peakDbz: 55 })),
      BOUNDS,
      300,
      200,
    );
    return t.app.services.radarIngest.frame('test', {
      product,
      timeMs: base + m * MIN,
      leadMin: 0,
      periodMin: null,
      quantity,
      cols: grid.cols,
      rows: grid.rows,
      georef: grid.georef,
      bounds: BOUNDS,
      scale: grid.scale,
      raw: grid.codes,
      simulated: false,
    });
  };
  const cells = async () => {
    const res = await t.call({ method: 'GET', url: '/api/scz', token: t.admin.access });
    expect(res.statusCode).toBe(200);
    return res.json() as CellCollection;
  };
  /** Moves the clock past minute `m` and runs the steps due. */
  const stepTo = async (m: number) => {
    clock = base + m * MIN + 6_000;
    await t.app.services.cellTracker.runDue();
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cells-radar-test-'));
    t = await startTestApp(kind, {
      background: ['cell-tracker'],
      now: () => new Date(clock),
      env: { RADAR_DIR: dir, LEADER_POLL_MS: '100' },
    });
    key = await t.createFeed(`cells-radar-${kind}`);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds a cell under an echo with no strokes, and none under rain of a precipitation product', async () => {
    expect((await radarFrame(1, [{ lat: 30, lon: 114 }])).status).toBe('stored');
    // A rain rate product over another place (its codes would read as 55 "dBZ"): not reflectivity.
    expect((await radarFrame(1, [{ lat: 30, lon: 115.5 }], 'RATE', 'test_rate')).units).toBe('mm/h');
    await stepTo(2);
    const now = await cells();
    expect(now.time).toBe(new Date(base + 2 * MIN).toISOString());
    expect(now.features).toHaveLength(1);
    const p = now.features[0]?.properties;
    expect(p?.made_from).toBe('radar');
    expect(p?.max_dbz).toBeGreaterThan(50);
    expect(p?.max_dbz).toBeLessThanOrEqual(55);
    expect(p?.radar_area_km2).toBeGreaterThan(100);
    expect(p?.radar_time).toBe(new Date(base + MIN).toISOString());
    expect(p?.flash_rate_per_min).toBe(0);
    expect(p?.centroid[0]).toBeCloseTo(114, 1);
    expect(p?.centroid[1]).toBeCloseTo(30, 1);
  });

  it('makes one cell of the echo and the strokes on it, continuing the radar cell', async () => {
    const before = (await cells()).features[0]?.properties.id;
    const flashes = syntheticFlashes([{ lat: 30, lon: 114, sigmaKm: 2, perMin: () => 10 }], base, 2, 6);
    for (let m = 2; m < 6; m++) {
      const strokes = minuteStrokes(flashes, base, m);
      clock = base + (m + 1) * MIN + 1_000;
      const res = await t.call({
        method: 'POST',
        url: '/api/ingest/strokes',
        headers: { 'x-feed-key': key },
        payload: strokes,
      });
      expect(res.json().accepted).toBe(strokes.length);
    }
    expect((await radarFrame(6, [{ lat: 30, lon: 114 }])).status).toBe('stored');
    await stepTo(6);
    const now = await cells();
    expect(now.features).toHaveLength(1);
    const p = now.features[0]?.properties;
    expect(p?.id).toBe(before);
    expect(p?.made_from).toBe('both');
    expect(p?.max_dbz).toBeGreaterThan(50);
    expect(p?.radar_time).toBe(new Date(base + 6 * MIN).toISOString());
    expect(p?.flash_rate_per_min).toBeGreaterThan(5);
  });

  it('steps on the flashes alone when the frame cannot be read', async () => {
    await radarFrame(7, [{ lat: 30, lon: 114 }]);
    await rm(path.join(dir, 'test_dbz'), { recursive: true, force: true });
    await stepTo(7);
    const now = await cells();
    expect(now.time).toBe(new Date(base + 7 * MIN).toISOString());
    expect(now.features.map((f) => [f.properties.made_from, f.properties.max_dbz])).toEqual([
      ['flashes', null],
    ]);
  });
});
