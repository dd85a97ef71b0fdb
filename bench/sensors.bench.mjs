// Field mills: 1,000 mills at 1 Hz ingested with their per-minute rollups (through the real SensorIngest,
// one batch a second of data, as a gateway posts), and a 30-day chart of one mill read from the rollups
// (through the real SensorDataService). Targets: ingest keeps up with 1 Hz (≥ 1 s of data per second);
// a 30-day chart < 200 ms. Baselines in the same run: the same rows inserted without rollups; a 1-day chart.
import { performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { efmSkill } from './efm-skill.mjs';
import { appOn, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const MILLS = 1_000;
const DAY_MS = 86_400_000;
const ADMIN = { id: 1, username: 'admin', groupId: 0, role: 'admin', sessionId: 'bench' };

async function setup(db) {
  const app = await appOn(db);
  const group = (await db.query('SELECT id FROM groups ORDER BY id LIMIT 1')).rows[0].id;
  const repo = app.services.sensorsRepo;
  for (let m = 0; m < MILLS; m++)
    await repo.create(Number(group), `efm-${m}`, 'efm', {
      name: `Mill ${m}`,
      lat: 22 + (m % 40) / 20,
      lon: 112 + Math.floor(m / 40) / 10,
      locationId: null,
      status: 'active',
    });
  return { app, user: { ...ADMIN, groupId: Number(group) } };
}

/** `seconds` batches of one reading per mill, ending a minute ago. */
function batches(seconds, endMs) {
  const out = [];
  for (let s = 0; s < seconds; s++) {
    const time = new Date(endMs - (seconds - s) * 1000).toISOString();
    out.push(
      Array.from({ length: MILLS }, (_, m) => ({
        sensor: `efm-${m}`,
        time,
        values: { field: ((m + s) % 80) / 10 - 4 },
      })),
    );
  }
  return out;
}

async function ingestRate(app, db, seconds) {
  const bodies = batches(seconds, Date.now() - 60_000);
  const t0 = performance.now();
  let stored = 0;
  for (const body of bodies) stored += (await app.services.sensorIngest.ingest('bench', body)).stored;
  const withRollups = (performance.now() - t0) / 1000;
  // Baseline: the same rows, later seconds, into the readings alone (no rollups, no latest).
  const raw = batches(seconds, Date.now() - 60_000 - seconds * 1000 - 5000);
  const t1 = performance.now();
  for (const body of raw) {
    await db.query(
      `INSERT INTO sensor_readings (sensor_id, time, field, source)
       SELECT s, t::timestamptz, f, 'baseline' FROM unnest($1::text[], $2::text[], $3::real[]) AS u(s, t, f)
       ON CONFLICT DO NOTHING`,
      [body.map((r) => r.sensor), body.map((r) => r.time), body.map((r) => r.values.field)],
    );
  }
  const rawOnly = (performance.now() - t1) / 1000;
  return { stored, withRollups, rawOnly };
}

/** 30 days of one reading a second of `mills` mills, as their minute rollups (generated in SQL). */
async function fillRollups(app, db, mills, endMs) {
  const startMs = endMs - 30 * DAY_MS;
  const days = [];
  for (let t = startMs; t <= endMs; t += DAY_MS) days.push(t);
  await app.services.sensorPartitions[1].ensure(db, days);
  for (let m = 0; m < mills; m++) {
    await db.query(
      `INSERT INTO sensor_minutes (sensor_id, element, time, n, sum, min, max)
       SELECT $1, 0, g, 60, 60 * sin(extract(epoch FROM g) / 3600), sin(extract(epoch FROM g) / 3600) - 1,
              sin(extract(epoch FROM g) / 3600) + 1
       FROM generate_series($2::timestamptz, $3::timestamptz, interval '1 minute') g
       ON CONFLICT DO NOTHING`,
      [`efm-${m}`, new Date(startMs), new Date(endMs - 120 * 60_000)],
    );
  }
}

async function chart(app, user, id, days, endMs, runs = 15) {
  const times = [];
  let points = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const s = await app.services.sensorData.series(user, {
      id,
      from: new Date(endMs - days * DAY_MS).toISOString(),
      to: new Date(endMs).toISOString(),
    });
    times.push(performance.now() - t0);
    points = s.points.length;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), points };
}

async function measure(kind, db) {
  const { app, user } = await setup(db);
  const seconds = Number(process.env.BENCH_SENSOR_SECONDS ?? 60);
  const r = await ingestRate(app, db, seconds);
  const keepUp = seconds / r.withRollups;
  console.log(
    `${kind}: ${MILLS.toLocaleString('en')} mills × ${seconds} s = ${r.stored.toLocaleString('en')} readings in ${r.withRollups.toFixed(1)} s ` +
      `= ${Math.round(r.stored / r.withRollups).toLocaleString('en')}/s, ${keepUp.toFixed(1)}× real time (target ≥ 1×: ${keepUp >= 1 ? 'met' : 'NOT met'}); ` +
      `without rollups ${r.rawOnly.toFixed(1)} s (rollups cost ${(r.withRollups / r.rawOnly).toFixed(2)}×)`,
  );
  const endMs = Date.now();
  const mills = Number(process.env.BENCH_SENSOR_MONTH_MILLS ?? 20);
  const t0 = performance.now();
  await fillRollups(app, db, mills, endMs);
  const fill = (performance.now() - t0) / 1000;
  const month = await chart(app, user, 'efm-3', 30, endMs);
  const day = await chart(app, user, 'efm-3', 1, endMs);
  console.log(
    `${kind}: 30-day chart of one mill (${mills} mills × 30 days of minute rollups, ${fill.toFixed(0)} s to fill): ` +
      `p50 ${month.p50.toFixed(1)} ms, p95 ${month.p95.toFixed(1)} ms, ${month.points} points (target < 200 ms: ${month.p95 < 200 ? 'met' : 'NOT met'}); ` +
      `1-day chart p50 ${day.p50.toFixed(1)} ms (ratio ${(month.p50 / day.p50).toFixed(1)}×)`,
  );
  await app.close();
  await db.close();
}

const pct = (x) => (x === null ? '—' : `${Math.round(x * 100)} %`);

export async function run() {
  const skill = efmSkill();
  console.log(
    `skill, 4 demo sites × 24 h of simulated storms: rings alone ${skill.rings.events} events, POD ${pct(skill.rings.pod)}, FAR ${pct(skill.rings.far)}, median of the sites' median leads ${skill.rings.lead === null ? '—' : Math.round(skill.rings.lead)} min; ` +
      `rings + field mills POD ${pct(skill.both.pod)}, FAR ${pct(skill.both.far)}, median of medians ${skill.both.lead === null ? '—' : Math.round(skill.both.lead)} min`,
  );
  const scratch = await scratchPostgres('tw_bench_sensors');
  if (scratch) {
    await measure('postgres', openPostgres(scratch.url));
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  await measure('embedded', await openEmbedded({ dataDir: null }));
}
