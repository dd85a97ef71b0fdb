// A monthly lightning report of Guangdong with N strokes over its box in the month: the report worker gathers
// it (two passes of the query runner: per day and per city), renders HTML with server-side charts and the
// density map, and prints the PDF in Chromium. Target: < 10 s. Baseline: the bare count of the month's strokes.
import { performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { appOn, cgStroke, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const DAY = 86_400_000;
const BATCH = 10_000;

async function measure(kind, db, total) {
  const app = await appOn(db, {
    REGIONS_AUTOLOAD: 'false',
    STATS_ROLLUPS: 'false',
    REPORT_POLL_MS: '600000',
  });
  const s = app.services;
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const monthKey = month.toISOString().slice(0, 7);
  const start = month.getTime() - 8 * 3_600_000 + 3_600_000;
  for (let off = 0; off < total; off += BATCH) {
    const outcomes = Array.from({ length: Math.min(BATCH, total - off) }, (_, i) =>
      cgStroke(
        off + i,
        start + Math.random() * 27 * DAY,
        20.2 + Math.random() * 5.3,
        109.7 + Math.random() * 7.6,
      ),
    );
    await s.ingest.ingest('bench', outcomes);
  }
  await s.regions.ensureLoaded();
  const admin = { id: 1, username: 'admin', groupId: 1, role: 'admin', sessionId: 'bench' };
  const times = [];
  let last = null;
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const report = await s.insight.create(admin, {
      template: 'region_monthly',
      region: '440000',
      month: monthKey,
      language: 'zh-Hans',
    });
    await s.reportWorker.kick();
    last = await s.insight.get(admin, report.id);
    times.push(performance.now() - t0);
  }
  const bare = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await db.query('SELECT count(*) FROM strokes WHERE time >= $1 AND time < $2', [
      new Date(start - DAY),
      new Date(start + 28 * DAY),
    ]);
    bare.push(performance.now() - t0);
  }
  const ms = Math.min(...times);
  console.log(
    `${kind}: ${total.toLocaleString('en')} strokes in the month; report ${last?.status} (PDF ${last?.has_pdf ? 'printed' : `none: ${last?.pdf_note}`}) ` +
      `in ${(times[0] / 1000).toFixed(1)} s cold, ${(ms / 1000).toFixed(1)} s warm (target < 10 s: ${ms < 10_000 ? 'met' : 'NOT met'}); ` +
      `bare count ${percentile(
        bare.sort((a, b) => a - b),
        0.5,
      ).toFixed(0)} ms`,
  );
  await app.close();
  await db.close();
}

export async function run() {
  const total = Number(process.env.BENCH_REPORT_STROKES ?? 300_000);
  const scratch = await scratchPostgres('tw_bench_report');
  if (scratch) {
    await measure('postgres', openPostgres(scratch.url), total);
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  await measure('embedded', await openEmbedded({ dataDir: null }), Math.min(total, 100_000));
}
