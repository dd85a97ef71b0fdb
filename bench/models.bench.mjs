// The models on a busy region, through the real server (dist/, so runs go to the model worker):
// - fire risk over 72 h of CG strokes (BENCH_MODEL_STROKES, default 500,000, in a 5° × 5° box), the
//   heaviest run: reading them in chunks, then flash grouping, the 0.1° grid and its contours on the worker;
// - the nowcast and the 0–6 h forecast of 50,000 strokes in the last 30 min in ten drifting cells.
// Each run is timed from queued to done; meanwhile the event-loop delay (monitorEventLoopDelay) p99 of the
// thread that answers HTTP is measured, with a GET /api/models/ every 100 ms answered throughout. Baseline
// in the same process: the event-loop delay and GET times over an idle period of the same length.
// PostgreSQL when DATABASE_URL is set, else the embedded database.

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { createRandom } from '../packages/domain/dist/common/random.js';
import { appOn, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const STROKES = Number(process.env.BENCH_MODEL_STROKES ?? 500_000);
const STORM = 50_000;
const H = 3_600_000;
const BOX = { lat: 24, lon: 108, size: 5 };

async function openDb() {
  const scratch = await scratchPostgres('bench_models');
  if (scratch) return { db: openPostgres(scratch.url), kind: 'postgres', drop: () => scratch.drop() };
  return { db: await openEmbedded({ dataDir: null }), kind: 'embedded', drop: async () => {} };
}

/** Inserts strokes in one statement per 20,000 (time ms, lat, lon, peak kA, flash id). */
async function insertStrokes(app, db, rows) {
  await app.services.partitions.ensure(
    db,
    rows.map((r) => r[0]),
  );
  for (let i = 0; i < rows.length; i += 20_000) {
    const part = rows.slice(i, i + 20_000);
    const col = (k) => `{${part.map((r) => r[k]).join(',')}}`;
    await db.query(
      `INSERT INTO strokes (time, ns, lat, lon, peak_ka, is_ic, flash_id, source)
       SELECT to_timestamp(t / 1000.0), n, lat, lon, ka, false, f, 'bench-models'
       FROM unnest($1::float8[], $2::int[], $3::float8[], $4::float8[], $5::real[], $6::bigint[]) AS u(t, n, lat, lon, ka, f)`,
      [col(0), `{${part.map((_, k) => (i + k) % 1_000_000).join(',')}}`, col(1), col(2), col(3), col(4)],
    );
  }
}

function busyRegion(now, rand) {
  const rows = [];
  let flash = 1;
  for (let i = 0; i < STROKES; ) {
    const t = now - 60_000 - rand() * 71 * H;
    const lat = BOX.lat + rand() * BOX.size;
    const lon = BOX.lon + rand() * BOX.size;
    const positive = rand() < 0.1;
    const n = positive ? 1 : 1 + Math.floor(rand() * 4);
    for (let k = 0; k < n && i < STROKES; k++, i++) {
      rows.push([
        t + k * 40,
        lat + (rand() - 0.5) * 0.01,
        lon + (rand() - 0.5) * 0.01,
        positive ? 45 : -20,
        flash,
      ]);
    }
    flash++;
  }
  return rows;
}

function storm(now, rand) {
  const cells = Array.from({ length: 10 }, () => ({
    lat: BOX.lat + 1 + rand() * 3,
    lon: BOX.lon + 1 + rand() * 3,
  }));
  return Array.from({ length: STORM }, (_, i) => {
    const c = cells[i % cells.length];
    const ago = rand() * 29 * 60_000;
    const drift = (ago / 60_000) * 0.004;
    return [
      now - 1000 - ago,
      c.lat - drift + (rand() - 0.5) * 0.2,
      c.lon - drift + (rand() - 0.5) * 0.2,
      -15,
      2_000_000 + i,
    ];
  });
}

/** Event-loop delay p99 and GET /api/models/ times over `work` (or `ms` of idling). */
async function measure(app, token, work) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gets = [];
  let stop = false;
  const poller = (async () => {
    while (!stop) {
      const t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: '/api/models/',
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`GET /api/models/ answered ${res.statusCode}`);
      gets.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  stop = true;
  await poller;
  loop.disable();
  gets.sort((a, b) => a - b);
  return { ms, loopP99: loop.percentile(99) / 1e6, getP99: percentile(gets, 0.99) ?? 0, gets: gets.length };
}

export async function run() {
  const { db, kind, drop } = await openDb();
  const app = await appOn(db, {
    MODEL_NOWCAST_EVERY_MIN: '0',
    MODEL_FORECAST_EVERY_MIN: '0',
    MODEL_FIRE_RISK_EVERY_MIN: '0',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  const token = login.json().access;
  const rand = (() => {
    const r = createRandom(20260712);
    return () => r.next();
  })();
  const now = Date.now();
  const t0 = performance.now();
  await insertStrokes(app, db, busyRegion(now, rand));
  await insertStrokes(app, db, storm(now, rand));
  console.log(
    `${kind}: ${STROKES.toLocaleString('en')} CG strokes over 72 h + ${STORM.toLocaleString('en')} in the last 30 min loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const runModel = (model) => async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/weather/task',
      payload: { model },
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 201) throw new Error(`start ${model}: ${res.statusCode} ${res.body}`);
    await app.services.modelScheduler.idle();
    const done = await app.inject({
      method: 'GET',
      url: `/api/weather/task/${res.json().id}/output`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (done.statusCode !== 200) throw new Error(`${model} has no output: ${done.body}`);
    return done.json();
  };
  const rows = [];
  for (const model of ['fire_risk', 'lightning_nowcast', 'lightning_forecast']) {
    let output;
    const m = await measure(app, token, async () => {
      output = await runModel(model)();
    });
    const idle = await measure(app, token, () => new Promise((r) => setTimeout(r, Math.max(1000, m.ms))));
    rows.push({ model, ...m, idle, output });
  }
  console.log('| model | run | grid | bands | loop p99 (idle) | GET /api/models/ p99 (idle) | facts |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const g = r.output.grid;
    console.log(
      `| ${r.model} | ${(r.ms / 1000).toFixed(2)} s | ${g.cols}×${g.rows} @ ${g.cell_deg}° | ${r.output.features.length} | ` +
        `${r.loopP99.toFixed(1)} ms (${r.idle.loopP99.toFixed(1)} ms; ×${(r.loopP99 / r.idle.loopP99).toFixed(2)}) | ` +
        `${r.getP99.toFixed(1)} ms (${r.idle.getP99.toFixed(1)} ms) | ${JSON.stringify(r.output.facts)} |`,
    );
  }
  await app.close();
  await db.close();
  await drop();
}
