// CAP ingest: the DWD wind-gust alert (407 KB, 8 languages, 1,344 geocodes; bench/fixtures/dwd-wind-1344.xml
// from jdemaeyer/brightsky tests/data, data © Deutscher Wetterdienst) through the real WeatherWarningService:
// DTD refusal, DOM parse, CAP 1.2 schema check (xmllint-wasm worker), area and kind, one transaction, the
// alarm evaluation. Target: < 300 ms per alert. Baseline in the same run: the DOM parse of the same text.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DOMParser } from '@xmldom/xmldom';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { appOn, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const XML = readFileSync(new URL('./fixtures/dwd-wind-1344.xml', import.meta.url), 'utf8');
const RUNS = Number(process.env.BENCH_CAP_RUNS ?? 12);

/** The alert under a new identifier for run `i` (the same one twice would be a duplicate, not stored). */
const body = (i) =>
  Buffer.from(XML.replaceAll('fe90b61b-3755-4efb-8eda-b161251da9f7', `bench-${i}-${Date.now()}`));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function measure(kind, db) {
  const app = await appOn(db);
  const warnings = app.services.weatherWarnings;
  // The first run warms the worker code and the database's plans (not counted).
  await warnings.ingest(null, body('warm'));
  const parse = [];
  const ingest = [];
  for (let i = 0; i < RUNS; i++) {
    const b = body(i);
    let t0 = performance.now();
    new DOMParser().parseFromString(b.toString('utf8'), 'text/xml');
    parse.push(performance.now() - t0);
    t0 = performance.now();
    const r = await warnings.ingest(null, b);
    ingest.push(performance.now() - t0);
    if (r.alerts[0]?.outcome !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(r.alerts[0])}`);
  }
  await app.close();
  await db.close();
  const sorted = [...ingest].sort((a, b) => a - b);
  const med = median(ingest);
  console.log(
    `${kind}: ingest of the 407 KB DWD alert (1,344 geocodes), ${RUNS} runs: median ${med.toFixed(0)} ms, ` +
      `p90 ${percentile(sorted, 0.9).toFixed(0)} ms; DOM parse alone ${median(parse).toFixed(0)} ms ` +
      `(ratio ${(med / median(parse)).toFixed(1)}×); target < 300 ms: ${med < 300 ? 'met' : 'NOT met'}`,
  );
}

export async function run() {
  const scratch = await scratchPostgres('tw_bench_cap');
  if (scratch) {
    await measure('postgres', openPostgres(scratch.url));
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  await measure('embedded', await openEmbedded({ dataDir: null }));
}
