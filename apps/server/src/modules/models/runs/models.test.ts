import { cellFeature } from '@thunderwatch/domain/cells/cell-features';
import { emptyTrackerState, stepCellTracker } from '@thunderwatch/domain/cells/cell-tracker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { jsonStroke } from '../../../test/strokes.js';

const MIN = 60_000;
const H = 60 * MIN;

/**
 * The model registry, its elements and runs through the API: who may start a run, a run going from queued
 * to done with an output the map can draw, a run left running by a stopped node failing on the next term,
 * and the schedules.
 */
describe.each(DB_KINDS)('models and runs (%s)', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  let feed: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['models'],
      env: { LEADER_POLL_MS: '100', MODEL_FORECAST_EVERY_MIN: '0' },
    });
    viewer = await t.createUser({ role: 'viewer' });
    feed = await t.createFeed('models-net');
  });
  afterAll(() => t.close());

  const ingest = (strokes: ReturnType<typeof jsonStroke>[]) => t.ingest(feed, strokes);
  const start = (model: string, token = t.admin.access) =>
    t.call({ method: 'POST', url: '/api/weather/task', token, payload: { model } });
  const get = (url: string, token = viewer.access) => t.call({ method: 'GET', url, token });
  const runToEnd = async (model: string) => {
    const res = await start(model);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ model_id: model, status: 'queued', trigger: 'manual', progress: 0 });
    await t.app.services.modelScheduler.idle();
    return (await get(`/api/weather/task/${res.json().id}`)).json();
  };

  /** A cell over the last 30 min moving east at `kmh`, 6 flashes a minute round its centre (23 N 113 E now). */
  const cellStrokes = (kmh: number) => {
    const strokes = [];
    for (let ago = 0; ago < 30; ago++) {
      const lon = 113 - ((kmh / 60) * ago) / (111.19 * Math.cos((23 * Math.PI) / 180));
      for (let k = 0; k < 6; k++) {
        const a = (k * Math.PI) / 3;
        strokes.push(
          jsonStroke({
            agoMs: ago * MIN + k * 5000,
            lat: 23 + 0.03 * Math.sin(a),
            lon: lon + 0.03 * Math.cos(a),
          }),
        );
      }
    }
    return strokes;
  };

  /**
   * The cell tracker's steps over the strokes (one a minute for their last 30 min, as the `cell-tracker`
   * singleton takes them), the newest stored as the models read it: the tracker's clock is the wall's, so
   * the test steps it itself rather than wait for minutes to pass.
   */
  const trackCells = async (strokes: ReturnType<typeof jsonStroke>[]) => {
    const flashes = strokes.map((s) => ({
      timeMs: Date.parse(s.time),
      lat: s.lat,
      lon: s.lon,
      cg: s.type === 'CG',
    }));
    const now = Date.now();
    let step = { state: emptyTrackerState(), cells: [] as ReturnType<typeof stepCellTracker>['cells'] };
    for (let ago = 29; ago >= 0; ago--) step = stepCellTracker(step.state, flashes, now - ago * MIN);
    expect(step.cells).toHaveLength(1);
    await t.app.services.cellsRepo.saveStep(t.db, now, step.cells.map(cellFeature), step.state);
  };

  it('lists the five models with their status, schedule and elements', async () => {
    const res = await get('/api/models/');
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().items.map((m: { id: string }) => [m.id, m]));
    expect(Object.keys(byId)).toEqual([
      'lightning_nowcast',
      'lightning_forecast',
      'fire_risk',
      'weather_forecast',
      'geo_weather_forecast',
    ]);
    expect(byId.lightning_nowcast).toMatchObject({
      status: 'ready',
      kind: 'builtin',
      schedule: { every_min: 5 },
    });
    expect(byId.lightning_forecast.schedule.every_min).toBeNull();
    expect(byId.fire_risk.schedule.every_min).toBe(60);
    expect(byId.weather_forecast).toMatchObject({
      status: 'not_configured',
      kind: 'external',
      schedule: { every_min: null },
    });
    expect(byId.lightning_nowcast.elements[0].steps).toEqual([
      { from_min: 0, to_min: 15 },
      { from_min: 15, to_min: 30 },
      { from_min: 30, to_min: 60 },
    ]);
  });

  it('answers the elements of each model, or of one', async () => {
    const all = (await get('/api/weather/ele_model')).json();
    expect(all.items).toHaveLength(5);
    const one = (await get('/api/weather/ele_model?model=weather_forecast')).json();
    expect(one.items.map((m: { model_id: string }) => m.model_id)).toEqual(['weather_forecast']);
    expect(one.items[0].elements.map((e: { id: string; unit: string }) => `${e.id} ${e.unit}`)).toEqual([
      'temperature_2m °C',
      'precipitation mm/h',
      'wind_speed_10m m/s',
    ]);
    expect((await get('/api/weather/ele_model?model=nope')).statusCode).toBe(400);
  });

  it('lets only admins start a run, refuses an unconfigured or unknown model', async () => {
    const denied = await start('lightning_nowcast', viewer.access);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('permission.denied');
    const unconfigured = await start('weather_forecast');
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json().error).toMatchObject({ code: 'model.not_configured' });
    expect(unconfigured.json().error.message).toMatch(/not configured/);
    expect((await start('nope')).statusCode).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/weather/task', payload: { model: 'fire_risk' } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a second run of a model while one is running', async () => {
    const queued = await t.db.query<{ id: number }>(
      "INSERT INTO model_runs (model_id, trigger, status) VALUES ('fire_risk', 'manual', 'running') RETURNING id",
    );
    const res = await start('fire_risk');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('model.busy');
    await t.db.query('DELETE FROM model_runs WHERE id = $1', [queued.rows[0]?.id]);
  });

  it('runs a nowcast of a cell moving east: done, with bands east of it', async () => {
    // A cell moving east at 36 km/h over the last 30 min: 6 flashes a minute round its centre (113.0 E now).
    const strokes = cellStrokes(36);
    await ingest(strokes);
    await trackCells(strokes);
    const run = await runToEnd('lightning_nowcast');
    expect(run).toMatchObject({ status: 'done', progress: 100, reason: null, has_output: true });
    expect(run.requested_by).toMatchObject({ id: t.admin.id });

    const out = await get('/api/models/lightning_nowcast/outputs/latest');
    expect(out.statusCode).toBe(200);
    const body = out.json();
    expect(body).toMatchObject({ type: 'FeatureCollection', run: { id: run.id }, facts: { cells: 1 } });
    expect(body.frames.map((f: { from_min: number }) => f.from_min)).toEqual([0, 15, 30]);
    const late = body.features.filter(
      (f: { properties: { from_min: number; value: number } }) => f.properties.from_min === 30,
    );
    expect(late.length).toBeGreaterThan(0);
    const lons = late[0].geometry.coordinates.flat(2).map(([lon]: number[]) => lon);
    expect((Math.min(...lons) + Math.max(...lons)) / 2).toBeGreaterThan(113.1);

    const only = (
      await get('/api/models/lightning_nowcast/outputs/latest?element=lightning_probability&from_min=15')
    ).json();
    expect(only.frames).toHaveLength(1);
    expect(
      new Set(only.features.map((f: { properties: { from_min: number } }) => f.properties.from_min)),
    ).toEqual(new Set([15]));

    const grid = await get(`/api/weather/task/${run.id}/grid?element=lightning_probability&from_min=0`);
    expect(grid.statusCode).toBe(200);
    const g = grid.json();
    expect(g.values).toHaveLength(g.grid.cols * g.grid.rows);
    expect(Math.max(...g.values)).toBeGreaterThan(50);
    expect(g.unit).toBe('%');
    expect(
      (await get(`/api/weather/task/${run.id}/grid?element=lightning_probability&from_min=7`)).statusCode,
    ).toBe(404);
  });

  it('finishes a nowcast over a step with cells stored without a full outline, skipping them', async () => {
    // A step as an older writer or a bad row leaves it: one cell in full, one with only its id and
    // centroid (no area, rate or trend), one with a centroid of one number. Such a cell once hung the run.
    const full = { centroid: [113, 23], area_km2: 300, flash_rate_per_min: 5, trend: 'steady', motion: null };
    const features = [
      { id: 'full', ...full },
      { id: 'bare', centroid: [113.2, 23.1] },
      { ...full, id: 'half', centroid: [113.4] },
    ].map((properties) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [] }, properties }));
    await t.db.query(
      'INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, $2::jsonb, 3, 0)',
      [new Date().toISOString(), JSON.stringify(features)],
    );
    const run = await runToEnd('lightning_nowcast');
    expect(run).toMatchObject({ status: 'done', reason: null, has_output: true });
    const out = (await get('/api/models/lightning_nowcast/outputs/latest')).json();
    expect(out).toMatchObject({ run: { id: run.id }, facts: { cells: 1, cells_skipped: 2 } });
  });

  it('rates the fire risk of the last 72 h and says dryness was not applied', async () => {
    await ingest([
      jsonStroke({ agoMs: 2 * H, lat: 30.05, lon: 100.05, peak_ka: 60 }),
      jsonStroke({ agoMs: 30 * H, lat: 30.55, lon: 100.55, peak_ka: -25 }),
      jsonStroke({ agoMs: 3 * H, lat: 30.95, lon: 100.95, peak_ka: 40, type: 'IC' }),
    ]);
    const run = await runToEnd('fire_risk');
    expect(run.status, run.reason).toBe('done');
    const out = (await get(`/api/weather/task/${run.id}/output`)).json();
    expect(out.facts).toMatchObject({
      dryness_applied: false,
      window_h: 72,
      positive_flashes: 1,
      strokes_capped: false,
    });
    expect(out.facts.cg_strokes).toBeGreaterThanOrEqual(2 + 180);
    expect(out.frames[0]).toMatchObject({ element: 'fire_risk', unit: '%', from_min: -72 * 60, to_min: 0 });
    expect(out.features.some((f: { properties: { value: number } }) => f.properties.value >= 50)).toBe(true);
  });

  it('lists runs newest first, filtered by model and status, paged', async () => {
    const res = await get('/api/weather/task?model=lightning_nowcast&status=done&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThanOrEqual(1);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ model_id: 'lightning_nowcast', status: 'done' });
    expect((await get('/api/weather/task?status=nope')).statusCode).toBe(400);
    expect((await get('/api/weather/task/999999')).json().error.code).toBe('model.run_not_found');
    expect((await get('/api/models/geo_weather_forecast/outputs/latest')).json().error.code).toBe(
      'model.no_output',
    );
  });

  it('fails a run left running by a node that stopped when the next term starts', async () => {
    const left = await t.db.query<{ id: number }>(
      "INSERT INTO model_runs (model_id, trigger, status, started_at) VALUES ('lightning_nowcast', 'manual', 'running', now()) RETURNING id",
    );
    const id = left.rows[0]?.id;
    await t.app.services.leadership.resign('models');
    await expect
      .poll(async () => (await get(`/api/weather/task/${id}`)).json(), { timeout: 5000, interval: 100 })
      .toMatchObject({
        status: 'failed',
        reason: 'the node running it stopped before it finished',
        reason_code: 'interrupted',
        reason_params: {},
      });
  });

  it('queues each scheduled model once per slot, and not a model whose schedule is off', async () => {
    await t.db.query("DELETE FROM model_runs WHERE trigger = 'schedule'");
    await t.app.services.leadership.resign('models');
    // The next term has begun once the scheduler takes the call.
    await expect
      .poll(() => t.app.services.modelScheduler.scheduleNow(), { timeout: 5000, interval: 50 })
      .toBe(true);
    expect(await t.app.services.modelScheduler.scheduleNow()).toBe(true);
    const runs = (await get('/api/weather/task?limit=50'))
      .json()
      .items.filter((r: { trigger: string }) => r.trigger === 'schedule');
    expect(runs.map((r: { model_id: string }) => r.model_id).sort()).toEqual([
      'fire_risk',
      'lightning_nowcast',
    ]);
    expect(runs.every((r: { status: string }) => r.status === 'done')).toBe(true);
    const list = (await get('/api/models/')).json().items;
    expect(list.find((m: { id: string }) => m.id === 'fire_risk').last_run.trigger).toBe('schedule');
  });

  it('waits at a new term for the cell tracker’s first step instead of failing the models that need it', async () => {
    await t.db.query("DELETE FROM model_runs WHERE trigger = 'schedule'");
    await t.db.query('DELETE FROM cell_steps');
    await t.app.services.leadership.resign('models');
    await expect
      .poll(() => t.app.services.modelScheduler.scheduleNow(), { timeout: 5000, interval: 50 })
      .toBe(true);
    const scheduled = async () =>
      (await get('/api/weather/task?limit=50'))
        .json()
        .items.filter((r: { trigger: string }) => r.trigger === 'schedule')
        .map((r: { model_id: string; status: string }) => `${r.model_id}:${r.status}`)
        .sort();
    // No step yet (as on a node just started): the nowcast is not run, and nothing failed.
    expect(await scheduled()).toEqual(['fire_risk:done']);
    // The tracker's first step: the nowcast's slot is taken up at the next tick.
    const strokes = cellStrokes(0);
    await trackCells(strokes);
    expect(await t.app.services.modelScheduler.scheduleNow()).toBe(true);
    expect(await scheduled()).toEqual(['fire_risk:done', 'lightning_nowcast:done']);
  });
});
