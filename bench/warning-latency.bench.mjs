// Warnings end to end on PostgreSQL: 10,000 locations watched, 1,000 strokes/s from 20 storm cells over
// South China, and a socket.io client of the group. Measured: from the ingest's acknowledgement of a batch
// to the client's receipt of the `warning` event it caused. Target p99 < 100 ms.
// Each batch also carries one stroke next to a probe location (100 probes far from the storms, hit in
// turn), so every batch has one warning whose cause is known. Baseline in the same run: the time the
// ingest itself takes per batch (its commit), which the warning comes after.

import { performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';
import { createRandom } from '../packages/domain/dist/common/random.js';
import { appOn, cgStroke, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const LOCATIONS = 10_000;
const PROBES = 100;
const RATE = 1000;
const TICK_MS = 100;
const SECONDS = Number(process.env.BENCH_WARNING_SECONDS ?? 30);
const RINGS = JSON.stringify([
  { radius_km: 10, level: 3, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
]);

async function seedLocations(db, groupId, rand) {
  const rows = [];
  for (let i = 0; i < LOCATIONS - PROBES; i++) {
    rows.push({ name: `site ${i}`, lon: 105 + rand() * 15, lat: 18 + rand() * 9 });
  }
  // Probes on a 10 × 10 grid 100 km apart in the north, where no storm is.
  for (let i = 0; i < PROBES; i++)
    rows.push({ name: `probe ${i}`, lon: 80 + (i % 10), lat: 40 + Math.floor(i / 10) });
  await db.query(
    `INSERT INTO locations (group_id, name, shape, rings)
     SELECT $1, x.name, jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(x.lon, x.lat)), $3::jsonb
     FROM jsonb_to_recordset($2::jsonb) AS x(name text, lon float8, lat float8)`,
    [groupId, JSON.stringify(rows), RINGS],
  );
  const probes = await db.query("SELECT id, shape FROM locations WHERE name LIKE 'probe %' ORDER BY id");
  return probes.rows.map((r) => ({ id: r.id, lon: r.shape.coordinates[0], lat: r.shape.coordinates[1] }));
}

export async function run() {
  const scratch = await scratchPostgres('tw_bench_warning');
  if (!scratch) {
    console.log('skipped: DATABASE_URL is not set (this benchmark is for PostgreSQL)');
    return;
  }
  const r = createRandom(4242);
  const rand = () => r.next();
  const seedApp = await appOn(openPostgres(scratch.url));
  const db = openPostgres(scratch.url);
  const group = await db.query("SELECT id FROM groups WHERE slug = 'demo'");
  const probes = await seedLocations(db, group.rows[0].id, rand);
  await seedApp.close();

  const loadStart = performance.now();
  const app = await appOn(db);
  const startMs = performance.now() - loadStart;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  const socket = connect(`http://127.0.0.1:${app.server.address().port}`, {
    auth: { token: login.json().access },
    transports: ['websocket'],
  });
  await new Promise((resolve) => socket.once('connect', resolve));

  const clock = () => performance.timeOrigin + performance.now();
  /** Probe id → the ack time of the batch that hit it and is still waiting for its warning. */
  const waiting = new Map();
  const latencies = [];
  let warnedLocations = 0;
  socket.on('warning', (items) => {
    const t = clock();
    warnedLocations += items.length;
    for (const item of items) {
      const ack = waiting.get(item.location_id);
      if (ack === undefined) continue;
      latencies.push(t - ack);
      waiting.delete(item.location_id);
    }
  });

  const cells = Array.from({ length: 20 }, () => ({ lat: 19 + rand() * 7, lon: 106 + rand() * 13 }));
  const perTick = (RATE * TICK_MS) / 1000;
  const ingestMs = [];
  let seq = 0;
  const started = clock();
  for (let tick = 0; tick < (SECONDS * 1000) / TICK_MS; tick++) {
    const batch = [];
    for (let i = 0; i < perTick - 1; i++) {
      const c = cells[seq % cells.length];
      batch.push(
        cgStroke(seq++, Date.now() - 500, c.lat + (rand() - 0.5) * 0.2, c.lon + (rand() - 0.5) * 0.2),
      );
    }
    const probe = probes[tick % PROBES];
    batch.push(cgStroke(seq++, Date.now() - 500, probe.lat + 0.02, probe.lon));
    const before = clock();
    await app.services.ingest.ingest('bench-warning', batch);
    const ack = clock();
    ingestMs.push(ack - before);
    waiting.set(probe.id, ack);
    const wait = started + (tick + 1) * TICK_MS - clock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await new Promise((r) => setTimeout(r, 1000));
  latencies.sort((a, b) => a - b);
  ingestMs.sort((a, b) => a - b);
  const p99 = percentile(latencies, 0.99);
  console.log(
    `postgres: ${LOCATIONS.toLocaleString('en')} locations (engine start ${startMs.toFixed(0)} ms), ${RATE} strokes/s for ${SECONDS} s from 20 cells; ${warnedLocations.toLocaleString('en')} location warnings pushed`,
  );
  console.log(
    `ack → warning event: ${latencies.length} of ${(SECONDS * 1000) / TICK_MS} probes, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms (target p99 < 100: ${p99 < 100 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `baseline, the ingest's own commit per batch: p50 ${percentile(ingestMs, 0.5).toFixed(1)} ms, p99 ${percentile(ingestMs, 0.99).toFixed(1)} ms; warning p50 / ingest p50 ${(percentile(latencies, 0.5) / percentile(ingestMs, 0.5)).toFixed(2)}`,
  );
  socket.close();
  await app.close();
  await db.close();
  await scratch.drop();
}
