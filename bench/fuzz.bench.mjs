// Fuzzing at scale: every parser (UALF 0/1, UALF2, ADTD text and bytes, JSON strokes, GeoJSON zones) gets
// FUZZ_RUNS random and mutated inputs (default 10,000 each) through the same properties as
// packages/domain/src/parser-fuzz.test.ts: no throw, no hang, every rejection names its line, every accepted
// stroke fits its columns. Prints the case count, time and seed of each; exits non-zero on a failure.
import { performance } from 'node:perf_hooks';
import * as fc from 'fast-check';
import { PARSER_FUZZ_TARGETS } from '../packages/domain/dist/parser-fuzz.js';

export async function run() {
  const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
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
