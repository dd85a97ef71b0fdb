// Observation ingest throughput: JSON arrays and CSV text → parse + validate (per row) + station check +
// one transaction per batch, through the real ObservationsService. Target: 10,000 observations/s.
import { performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { appOn, openPostgres, scratchPostgres } from './lib.mjs';

const BATCH = 5_000;
const STATIONS = 1_000;
const STEP_MS = 60_000;

/** Row `k`: station k mod 1000 over South China, one reading a minute going back from `now`. */
function row(k, now) {
  const s = k % STATIONS;
  return {
    station: `S${s}`,
    time: new Date(now - 60_000 - Math.floor(k / STATIONS) * STEP_MS).toISOString(),
    temperature: 20 + (k % 150) / 10,
    humidity: 40 + (k % 60),
    pressure: 990 + (k % 30),
    wind_speed: (k % 200) / 10,
    wind_dir: (k * 7) % 360,
    wind_gust: (k % 300) / 10,
    precipitation: (k % 11) / 10,
    visibility: 1000 + (k % 20_000),
  };
}

const COLUMNS = Object.keys(row(0, 0));
const csvOf = (rows) =>
  [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => r[c]).join(','))].join('\n');

async function measure(kind, db, total, format) {
  const app = await appOn(db);
  const obs = app.services.observations;
  const now = Date.now();
  // The stations first, with their positions (not timed).
  await obs.ingest(
    'bench',
    Array.from({ length: STATIONS }, (_, s) => ({
      station: `S${s}`,
      name: `Station ${s}`,
      lat: 20 + (s % 40) / 10,
      lon: 108 + Math.floor(s / 40) / 4,
      time: new Date(now - 30 * 86_400_000 + 60_000).toISOString(),
      temperature: 20,
    })),
  );
  // The feeds' bodies are made before the clock starts: a feed's own work is not the server's.
  const bodies = [];
  for (let off = 0; off < total; off += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - off) }, (_, i) => row(off + i, now));
    bodies.push(format === 'csv' ? csvOf(rows) : rows);
  }
  let stored = 0;
  const t0 = performance.now();
  // Two feeds post at once, as separate stations' networks do: one batch's parsing overlaps another's write.
  const feed = async () => {
    for (let body = bodies.shift(); body !== undefined; body = bodies.shift()) {
      const r = await obs.ingest('bench', body);
      stored += r.stored;
    }
  };
  await Promise.all([feed(), feed()]);
  const seconds = (performance.now() - t0) / 1000;
  await app.close();
  await db.close();
  const rate = Math.round(stored / seconds);
  console.log(
    `${kind}: ${format}, 2 feeds, ${stored.toLocaleString('en')} observations in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')}/s; target ≥ 10,000/s: ${rate >= 10_000 ? 'met' : 'NOT met'}`,
  );
  return rate;
}

export async function run() {
  const total = Number(process.env.BENCH_OBSERVATIONS ?? 200_000);
  for (const format of ['json', 'csv']) {
    const scratch = await scratchPostgres('tw_bench_observations');
    if (scratch) {
      await measure('postgres', openPostgres(scratch.url), total, format);
      await scratch.drop();
    } else console.log('postgres: skipped (DATABASE_URL not set)');
    await measure('embedded', await openEmbedded({ dataDir: null }), total, format);
  }
}
