// The statistics query builder on a province: N strokes spread over Guangdong's box in the last 30 days, a
// query of the whole province grouped by city (each stroke's exact border test through PolygonMask, then its
// city by R-tree + ray cast) and by day. Also the mask's build for Guangdong's full border. Baseline: the bare
// count of the same window and box in the same run. The runner awaits each page, so the longest event-loop
// stall says what the thread that answers HTTP would feel.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { PolygonMask } from '../packages/domain/dist/geo/polygon-mask.js';
import { appOn, cgStroke, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const DAY = 86_400_000;
const BATCH = 10_000;

async function measure(kind, db, total) {
  const app = await appOn(db, { REGIONS_AUTOLOAD: 'false' });
  const s = app.services;
  const now = Date.now();
  for (let off = 0; off < total; off += BATCH) {
    const outcomes = Array.from({ length: Math.min(BATCH, total - off) }, (_, i) =>
      cgStroke(
        off + i,
        now - 60_000 - Math.random() * (30 * DAY - 120_000),
        20.2 + Math.random() * 5.3,
        109.7 + Math.random() * 7.6,
      ),
    );
    await s.ingest.ingest('bench', outcomes);
  }
  const loaded = (await s.disaster.regions?.ensureLoaded?.()) ?? (await s.regions.ensureLoaded());
  let t0 = performance.now();
  const mask = new PolygonMask(loaded.provinces.polygonsOf('440000'));
  const maskMs = performance.now() - t0;
  const admin = { id: 1, username: 'admin', groupId: 1, role: 'admin', sessionId: 'bench' };
  const spec = (group_by) => ({
    area: { kind: 'province', code: '440000' },
    from: new Date(now - 30 * DAY).toISOString(),
    to: new Date(now).toISOString(),
    group_by,
  });
  const figures = [];
  for (const group_by of ['region', 'day']) {
    const stall = monitorEventLoopDelay({ resolution: 5 });
    stall.enable();
    t0 = performance.now();
    const job = await s.strokeQueries.run(admin, spec(group_by));
    const ms = performance.now() - t0;
    stall.disable();
    figures.push(
      `${group_by}: ${ms.toFixed(0)} ms for ${job.job.estimated.toLocaleString('en')} strokes read, ${job.job.result?.totals.strokes.toLocaleString('en')} inside ` +
        `(${((job.job.estimated / ms) * 1000).toFixed(0)} strokes/s; longest event-loop stall ${(stall.max / 1e6).toFixed(0)} ms)`,
    );
  }
  const bare = [];
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    await db.query(
      'SELECT count(*) FROM strokes WHERE time >= $1 AND lat BETWEEN 20 AND 26 AND lon BETWEEN 109 AND 118',
      [new Date(now - 30 * DAY)],
    );
    bare.push(performance.now() - t0);
  }
  console.log(
    `${kind}: ${total.toLocaleString('en')} strokes; Guangdong mask built in ${maskMs.toFixed(0)} ms (${mask.contains(113.26, 23.13)}); ` +
      `${figures.join('; ')}; bare count ${percentile(
        bare.sort((a, b) => a - b),
        0.5,
      ).toFixed(0)} ms`,
  );
  await app.close();
  await db.close();
}

export async function run() {
  const total = Number(process.env.BENCH_QUERY_STROKES ?? 200_000);
  const scratch = await scratchPostgres('tw_bench_query');
  if (scratch) {
    await measure('postgres', openPostgres(scratch.url), total);
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  await measure('embedded', await openEmbedded({ dataDir: null }), Math.min(total, 100_000));
}
