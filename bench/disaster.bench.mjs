// One disaster warning evaluation with 50,000 CG strokes of the last 3 h over Guangdong: the grid sums in SQL,
// each grid cell's city (R-tree + point in polygon, cold and then remembered), the rule per city, and the
// warnings' transaction. Baseline: the bare count of the same strokes, measured in the same run.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { appOn, cgStroke, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const H = 3_600_000;
const BATCH = 5_000;

async function measure(kind, db, total) {
  const app = await appOn(db, { REGIONS_AUTOLOAD: 'false' });
  const s = app.services;
  const now = Date.now();
  let seq = 0;
  // Spread over Guangdong's box (109.7–117.3 E, 20.2–25.5 N) and the last 3 h (not timed).
  for (let off = 0; off < total; off += BATCH) {
    const outcomes = Array.from({ length: Math.min(BATCH, total - off) }, () =>
      cgStroke(
        seq++,
        now - 60_000 - Math.random() * (3 * H - 120_000),
        20.2 + Math.random() * 5.3,
        109.7 + Math.random() * 7.6,
      ),
    );
    await s.ingest.ingest('bench', outcomes);
  }
  let t0 = performance.now();
  await s.regions.ensureLoaded();
  const loadMs = performance.now() - t0;
  const times = [];
  let result = null;
  const stall = monitorEventLoopDelay({ resolution: 5 });
  for (let i = 0; i < 6; i++) {
    if (i === 0) stall.enable();
    t0 = performance.now();
    result = await s.disasterEvaluator.evaluate();
    times.push(performance.now() - t0);
    if (i === 0) stall.disable();
  }
  if (!result) throw new Error('the evaluator holds no lease');
  const bare = [];
  for (let i = 0; i < 5; i++) {
    t0 = performance.now();
    await db.query('SELECT count(*) FROM strokes WHERE time > $1 AND NOT is_ic', [new Date(now - 3 * H)]);
    bare.push(performance.now() - t0);
  }
  const warm = percentile(
    times.slice(1).sort((a, b) => a - b),
    0.5,
  );
  const base = percentile(
    bare.sort((a, b) => a - b),
    0.5,
  );
  console.log(
    `${kind}: ${total.toLocaleString('en')} strokes, ${result.open} cities warned; regions load ${loadMs.toFixed(0)} ms; ` +
      `evaluation cold ${(times[0] ?? 0).toFixed(0)} ms (longest event-loop stall ${(stall.max / 1e6).toFixed(0)} ms), warm median ${warm.toFixed(0)} ms ` +
      `(target < 2,000: ${warm < 2000 ? 'met' : 'NOT met'}); bare count ${base.toFixed(0)} ms; ratio ${(warm / base).toFixed(1)}`,
  );
  await app.close();
  await db.close();
}

export async function run() {
  const total = Number(process.env.BENCH_DISASTER_STROKES ?? 50_000);
  const scratch = await scratchPostgres('tw_bench_disaster');
  if (scratch) {
    await measure('postgres', openPostgres(scratch.url), total);
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  await measure('embedded', await openEmbedded({ dataDir: null }), total);
}
