import * as fc from 'fast-check';
import { describe, it } from 'vitest';
import { PARSER_FUZZ_TARGETS } from './parser-fuzz.js';

/** A few hundred cases per parser here; `bench/fuzz.bench.mjs` runs 10,000+ each. */
const RUNS = 300;

describe('parsers under random and mutated input', () => {
  it.each(PARSER_FUZZ_TARGETS.map((t) => [t.name, t] as const))(
    '%s: never throws or hangs, names every rejected line, accepts only storable values',
    (_name, target) => {
      fc.assert(
        target.property(fc, () => Date.now()),
        { numRuns: RUNS },
      );
    },
  );
});
