// Ingest throughput: UALF text → parse + validate + flash grouping + commit, through the real IngestService,
// against a bare COPY of the same rows into an identical table, in the same run.
// Targets: PostgreSQL ≥ 50,000 strokes/s sustained over 2 million and ≥ half the bare COPY rate;
// embedded ≥ 10,000 strokes/s.
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { parseUalf } from '../packages/domain/dist/lightning/ualf.js';
import { appOn, openPostgres, scratchPostgres, ualfBatch } from './lib.mjs';

const BATCH = 20_000;

/**
 * `streams` feeds post concurrently, as separate feed connections do: one stream's parsing overlaps
 * another's database write (the server runs both on its one event loop and one connection pool).
 */
async function throughIngest(kind, db, total, streams) {
  const app = await appOn(db);
  const now = Date.now();
  let accepted = 0;
  const t0 = performance.now();
  let nextOffset = 0;
  const stream = async () => {
    while (nextOffset < total) {
      const off = nextOffset;
      nextOffset += BATCH;
      const text = ualfBatch(off, Math.min(BATCH, total - off), now);
      const r = await app.services.ingest.ingest('bench', parseUalf(text, app.services.ingest.window()));
      accepted += r.accepted;
    }
  };
  await Promise.all(Array.from({ length: streams }, stream));
  const seconds = (performance.now() - t0) / 1000;
  await app.close();
  // An open database (the embedded one's worker thread) would keep the benchmark from exiting.
  await db.close();
  const rate = Math.round(accepted / seconds);
  console.log(
    `${kind}: ingest (${streams} concurrent feeds) ${accepted.toLocaleString('en')} strokes in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} strokes/s`,
  );
  return { rate, now };
}

async function bareCopy(url, total, now) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE TABLE copy_target (LIKE strokes INCLUDING DEFAULTS) PARTITION BY RANGE (time)');
  await client.query(
    "CREATE TABLE copy_target_all PARTITION OF copy_target FOR VALUES FROM ('2000-01-01') TO ('2100-01-01')",
  );
  await client.query('CREATE UNIQUE INDEX ON copy_target (time, ns, lat, lon, source)');
  await client.query('CREATE INDEX ON copy_target (flash_id)');
  const t0 = performance.now();
  for (let off = 0; off < total; off += BATCH) {
    // The same rows, already parsed: COPY does none of the parsing, validation or flash grouping.
    const rows = parseUalf(ualfBatch(off, Math.min(BATCH, total - off), now)).map(({ stroke: s }) => {
      const secs = new Date(Math.floor(s.epochMs / 1000) * 1000).toISOString().slice(0, 19);
      const time = `${secs}.${String(Math.floor(s.ns / 1000)).padStart(6, '0')}Z`;
      return `${time}\t${s.ns}\t${s.lat}\t${s.lon}\t${s.peakKa}\t${s.type === 'IC'}\t${s.sensors ?? '\\N'}\t\\N\tbench\n`;
    });
    await pipeline(
      Readable.from(rows),
      client.query(
        copyStreams.from(
          'COPY copy_target (time, ns, lat, lon, peak_ka, is_ic, sensors, flash_id, source) FROM STDIN',
        ),
      ),
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  const rate = Math.round(total / seconds);
  console.log(
    `postgres: bare COPY of the same rows ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} strokes/s`,
  );
  return rate;
}

export async function run() {
  const pgTotal = Number(process.env.BENCH_INGEST_STROKES ?? 2_000_000);
  const scratch = await scratchPostgres('tw_bench_ingest');
  if (scratch) {
    const { rate, now } = await throughIngest('postgres', openPostgres(scratch.url), pgTotal, 2);
    const copy = await bareCopy(scratch.url, pgTotal, now);
    console.log(
      `postgres: ingest/COPY ratio ${(rate / copy).toFixed(2)} (target ≥ 0.5); target ≥ 50,000/s: ${rate >= 50_000 ? 'met' : 'NOT met'}`,
    );
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  const embedded = await throughIngest('embedded', await openEmbedded({ dataDir: null }), 200_000, 2);
  console.log(`embedded: target ≥ 10,000/s: ${embedded.rate >= 10_000 ? 'met' : 'NOT met'}`);
}
