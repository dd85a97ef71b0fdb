// Fuzzing at scale, in two parts (FUZZ_PART=parsers or http runs one of them; FUZZ_DB=embedded or postgres
// runs the HTTP part on one database; FUZZ_ROUTES=<regex> fuzzes only the routes whose "METHOD /url" matches).
// Parsers: every parser (UALF 0/1, UALF2, ADTD text and bytes, JSON strokes, GeoJSON zones) gets FUZZ_RUNS
// random and mutated inputs (default 10,000 each) through the same properties as
// packages/domain/src/parser-fuzz.test.ts: no throw, no hang, every rejection names its line, every accepted
// stroke fits its columns. Prints the case count, time and seed of each.
// HTTP (fuzz-http.mjs): a server process on the embedded database, then on PostgreSQL (and Redis) when
// DATABASE_URL (REDIS_URL) is set; every ingest route (each a parser) gets FUZZ_RUNS mutated requests, every
// other route of the route table with inputs (query, path, body) FUZZ_ROUTE_RUNS (default a tenth of
// FUZZ_RUNS: 10,000 on each of ~190 routes would take hours here), routes without inputs a fiftieth, 4 at a time. Prints each route's cases, answers and longest
// event-loop stall, every distinct 5xx with its smallest input, and the server's RSS after a GC (the start is
// measured after a warm-up of a quarter of each route's cases with other inputs: see fuzz-http.mjs).
// Exits non-zero on a parser failure, any 5xx, a stall over 200 ms or an RSS (outside the WebAssembly memories,
// whose growth it prints apart: see fuzz-probe.mjs) not back within 10 % of its start.
import { performance } from 'node:perf_hooks';
import * as fc from 'fast-check';
import { PARSER_FUZZ_TARGETS } from '../packages/domain/dist/lightning/parser-fuzz.js';
import { fuzzServer, routeTable } from './fuzz-http.mjs';
import { scratchPostgres } from './lib.mjs';

export async function run() {
  const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
  const routeRuns = Number(process.env.FUZZ_ROUTE_RUNS ?? Math.ceil(runs / 10));
  const part = process.env.FUZZ_PART ?? 'all';
  if (part !== 'http') fuzzParsers(runs);
  if (part !== 'parsers') await fuzzHttp(runs, routeRuns);
}

async function fuzzHttp(runs, routeRuns) {
  const table = await routeTable();
  const only = process.env.FUZZ_DB; // embedded or postgres: one database only
  const results =
    only === 'postgres' ? [] : [await fuzzServer('embedded database', table, {}, runs, routeRuns)];
  const pg = only === 'embedded' ? null : await scratchPostgres('tw_bench_fuzz');
  if (!pg) console.log('HTTP fuzz on PostgreSQL skipped: DATABASE_URL is not set');
  else {
    try {
      const env = { DATABASE_URL: pg.url, REDIS_URL: process.env.REDIS_URL ?? '' };
      results.push(
        await fuzzServer(`PostgreSQL${env.REDIS_URL ? ' + Redis' : ''}`, table, env, runs, routeRuns),
      );
    } finally {
      await pg.drop();
    }
  }
  if (results.includes(false)) process.exitCode = 1;
}

function fuzzParsers(runs) {
  let total = 0;
  let failed = 0;
  for (const target of PARSER_FUZZ_TARGETS) {
    const seed = Date.now() ^ (Math.random() * 0x7fffffff);
    const start = performance.now();
    const details = fc.check(
      target.property(fc, () => performance.now()),
      { numRuns: runs, seed },
    );
    const ms = performance.now() - start;
    total += details.numRuns;
    const status = details.failed ? `FAILED: ${fc.defaultReportMessage(details)}` : 'ok';
    if (details.failed) failed++;
    console.log(
      `${target.name.padEnd(34)} ${String(details.numRuns).padStart(7)} cases  ${(ms / 1000).toFixed(1).padStart(6)} s  seed ${seed}  ${status}`,
    );
  }
  console.log(`parser fuzz: ${total} cases over ${PARSER_FUZZ_TARGETS.length} parsers, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}
