// Query latency on PostgreSQL holding 10 million strokes over 30 days (South China, where storms are):
// /api/lightning for 1 h × 2°×2° (target p95 < 100 ms) and /api/hourly_lightning_density for 24 h over
// China at 0.1° (target < 500 ms), each against the bare SQL of the same query in the same run.
import { performance } from 'node:perf_hooks';
import { appOn, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const DAY = 86_400_000;

/**
 * 10 million strokes over 30 days. `storms` (default) places them as lightning falls: 40 storms at a
 * time, each about 0.5° across, living 3 h and drifting east over South China. `uniform` scatters them
 * evenly over the region, an unphysical worst case for the density grid (nearly every stroke its own cell).
 */
async function seed(db, app, total, now, layout) {
  const start = now - 30 * DAY;
  const days = Array.from({ length: 31 }, (_, i) => start + i * DAY);
  await app.services.partitions.ensure(db, days);
  const t0 = performance.now();
  const step = 1_000_000;
  const fract = (x) => `((${x}) - floor(${x}))`;
  const position =
    layout === 'uniform'
      ? '18 + random() * 9, 105 + random() * 15'
      : `18.5 + 8 * ${fract('sin((g % 40) * 12.9898 + b * 78.233) * 43758.5453')} + (random() - 0.5) * 0.5,
         105.5 + 13 * ${fract('sin((g % 40) * 39.3468 + b * 11.135) * 24634.6345')} + (h - b * 3) * 0.3 + (random() - 0.5) * 0.5`;
  for (let off = 0; off < total; off += step) {
    await db.query(
      `INSERT INTO strokes (time, ns, lat, lon, peak_ka, is_ic, sensors, flash_id, source)
       SELECT to_timestamp(s), (g * 7919) % 1000000000, ${position}, (random() - 0.9) * 60, random() < 0.7, 6, g / 3, 'bench'
       FROM (SELECT g, s, s / 3600 AS h, floor(s / 3600 / 3) AS b
             FROM (SELECT g, $1::float8 / 1000 + g * 30.0 * 86400 / $3 AS s
                   FROM generate_series($2::bigint, $2::bigint + $4 - 1) g) x) y`,
      [start, off, total, Math.min(step, total - off)],
    );
  }
  await db.query('ANALYZE strokes');
  console.log(
    `postgres: seeded ${total.toLocaleString('en')} strokes over 30 days (${layout}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

async function time(fn, runs) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}

export async function run() {
  const scratch = await scratchPostgres('tw_bench_queries');
  if (!scratch) {
    console.log('postgres: skipped (DATABASE_URL not set)');
    return;
  }
  const total = Number(process.env.BENCH_QUERY_STROKES ?? 10_000_000);
  const db = openPostgres(scratch.url);
  const app = await appOn(db);
  const now = Date.now();
  const layout = process.env.BENCH_QUERY_LAYOUT ?? 'storms';
  await seed(db, app, total, now, layout);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  const auth = { authorization: `Bearer ${login.json().access}` };

  // Windows spread over the 30 days and boxes over the stormy region, the same for API and SQL.
  const windows = Array.from({ length: 60 }, (_, i) => {
    const to = now - ((i * 11.7) % 29) * DAY - (i % 24) * 3600_000;
    const west = 105 + ((i * 3) % 13);
    const south = 18 + ((i * 5) % 7);
    return { from: new Date(to - 3600_000), to: new Date(to), bbox: [west, south, west + 2, south + 2] };
  });
  let returned = 0;
  const api = await time(async (i) => {
    const w = windows[i];
    const res = await app.inject({
      url: `/api/lightning?from=${w.from.toISOString()}&to=${w.to.toISOString()}&bbox=${w.bbox.join(',')}&limit=100000`,
      headers: auth,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    returned += res.json().items.length;
  }, windows.length);
  const sql = await time(async (i) => {
    const w = windows[i];
    await db.query(
      'SELECT * FROM strokes WHERE time >= $1 AND time < $2 AND lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6 ORDER BY time, id',
      [w.from, w.to, w.bbox[1], w.bbox[3], w.bbox[0], w.bbox[2]],
    );
  }, windows.length);
  const p95 = percentile(api, 0.95);
  console.log(
    `postgres: the 1 h × 2°×2° windows returned ${Math.round(returned / windows.length)} strokes on average`,
  );
  console.log(
    `postgres: /api/lightning 1 h × 2°×2° p50 ${percentile(api, 0.5).toFixed(1)} ms p95 ${p95.toFixed(1)} ms (target < 100: ${p95 < 100 ? 'met' : 'NOT met'}); bare SQL p95 ${percentile(sql, 0.95).toFixed(1)} ms; ratio ${(p95 / percentile(sql, 0.95)).toFixed(2)}`,
  );

  const days = Array.from({ length: 8 }, (_, i) => new Date(now - (i * 3 + 1) * DAY));
  const density = await time(async (i) => {
    const to = days[i];
    const res = await app.inject({
      url: `/api/hourly_lightning_density?from=${new Date(to - DAY).toISOString()}&to=${to.toISOString()}&bbox=73,18,135,54&resolution=0.1`,
      headers: auth,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }, days.length);
  const densitySql = await time(async (i) => {
    const to = days[i];
    await db.query(
      `SELECT date_trunc('hour', time), floor(lat / 0.1), floor(lon / 0.1), count(*) FROM strokes
       WHERE time >= $1 AND time < $2 AND lat BETWEEN 18 AND 54 AND lon BETWEEN 73 AND 135 GROUP BY 1, 2, 3`,
      [new Date(to - DAY), to],
    );
  }, days.length);
  const worst = density.at(-1);
  console.log(
    `postgres: /api/hourly_lightning_density 24 h China 0.1° median ${percentile(density, 0.5).toFixed(0)} ms max ${worst.toFixed(0)} ms (target < 500: ${worst < 500 ? 'met' : 'NOT met'}); bare SQL median ${percentile(densitySql, 0.5).toFixed(0)} ms; ratio ${(percentile(density, 0.5) / percentile(densitySql, 0.5)).toFixed(2)}`,
  );
  await app.close();
  await db.close();
  await scratch.drop();
}
