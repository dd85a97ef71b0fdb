/**
 * Property-based fuzzing of every feed and upload parser: random and mutated inputs never throw, never hang,
 * every rejection names its line (or field) with a readable reason, and whatever a parser accepts passes the
 * value checks the database columns rely on. Shared by `parser-fuzz.test.ts` (a few hundred runs per parser)
 * and `bench/fuzz.bench.mjs` (10,000+). fast-check is passed in, so this module has no runtime dependency.
 */
import type * as FastCheck from 'fast-check';
import { parseZoneImport } from '../geo/zone-import.js';
import { validatePolygon, validateShape } from '../geo/zone-validation.js';
import { decodeAdtd, parseAdtd } from './adtd.js';
import { parseJsonStrokes } from './json-strokes.js';
import {
  adtdFields,
  FUZZ_NOW,
  featureCollection,
  feedText,
  jsonStroke,
  mutatedJson,
  polygon,
  ualfFields,
} from './parser-fuzz-inputs.js';
import { checkStrokeValues, type LineOutcome } from './stroke.js';
import { parseUalf } from './ualf.js';

type Fc = typeof FastCheck;
type Arbitrary<T> = FastCheck.Arbitrary<T>;

/** `clock` is a millisecond timer (`performance.now`): the domain reads no clock of its own. */
export interface ParserFuzzTarget {
  name: string;
  property(fc: Fc, clock: () => number): FastCheck.IProperty<[unknown]>;
}

/** A parse that takes longer than this on one input counts as a hang. */
export const FUZZ_CASE_LIMIT_MS = 2000;
const WINDOW = { nowMs: FUZZ_NOW, retentionDays: 0 };

function fail(message: string): never {
  throw new Error(message);
}

function timed<T>(clock: () => number, run: () => T): T {
  const start = clock();
  const result = run();
  const ms = clock() - start;
  if (ms > FUZZ_CASE_LIMIT_MS) fail(`took ${Math.round(ms)} ms`);
  return result;
}

/** A reason a person can read: a non-empty text without a leaked `[object …]`. */
function checkReason(where: string, reason: unknown): void {
  if (typeof reason !== 'string' || reason.trim() === '') fail(`${where}: empty reason`);
  if (reason.includes('[object ')) fail(`${where}: reason ${JSON.stringify(reason)}`);
}

/** Lines in order, within `first..last`; reasons readable; accepted strokes fit the columns. */
function checkOutcomes(outcomes: LineOutcome[], first: number, last: number): void {
  let previous = first - 1;
  for (const o of outcomes) {
    if (!Number.isInteger(o.line) || o.line <= previous || o.line > last) {
      fail(`line ${o.line} out of order or outside ${first}..${last}`);
    }
    previous = o.line;
    if ('error' in o) checkReason(`line ${o.line}`, o.error);
    else {
      const problem = checkStrokeValues(o.stroke);
      if (problem) fail(`line ${o.line} accepted a stroke that fails its checks: ${problem}`);
    }
  }
}

function textLines(text: string): number {
  return text.split(/\r?\n/).length;
}

const textTarget = (
  name: string,
  arb: (fc: Fc) => Arbitrary<string>,
  parse: (text: string) => LineOutcome[],
): ParserFuzzTarget => ({
  name,
  property: (fc, clock) =>
    fc.property(arb(fc) as Arbitrary<unknown>, (input) => {
      const text = input as string;
      checkOutcomes(
        timed(clock, () => parse(text)),
        1,
        textLines(text),
      );
    }),
});

/** One property per parser: UALF 0/1, UALF2, ADTD (text and bytes), JSON strokes, GeoJSON zones. */
export const PARSER_FUZZ_TARGETS: ParserFuzzTarget[] = [
  textTarget(
    'UALF 0/1',
    (fc) => feedText(fc, ualfFields(fc, 1), ' '),
    (text) => parseUalf(text, WINDOW),
  ),
  textTarget(
    'UALF2',
    (fc) => feedText(fc, ualfFields(fc, 2), '\t'),
    (text) => parseUalf(text, WINDOW),
  ),
  {
    name: 'ADTD',
    property: (fc, clock) =>
      fc.property(feedText(fc, adtdFields(fc), ' ') as Arbitrary<unknown>, (input) => {
        const text = input as string;
        const { outcomes, corrected } = timed(clock, () => parseAdtd(text, WINDOW));
        checkOutcomes(outcomes, 1, textLines(text));
        for (const c of corrected) {
          if (!outcomes.some((o) => o.line === c.line)) fail(`corrected line ${c.line} has no outcome`);
          checkReason(`corrected line ${c.line}`, c.reason);
        }
      }),
  },
  {
    name: 'ADTD bytes (UTF-8/GBK detection)',
    property: (fc, clock) =>
      fc.property(fc.uint8Array({ maxLength: 400 }) as Arbitrary<unknown>, (input) => {
        const text = timed(clock, () => decodeAdtd(input as Uint8Array));
        if (typeof text !== 'string') fail('decodeAdtd did not return text');
        checkOutcomes(parseAdtd(text, WINDOW).outcomes, 1, textLines(text));
      }),
  },
  {
    name: 'JSON strokes',
    property: (fc, clock) => {
      const batch = fc.array(jsonStroke(fc), { minLength: 1, maxLength: 8 });
      const body = fc.oneof(
        { weight: 1, arbitrary: batch as Arbitrary<unknown> },
        { weight: 6, arbitrary: mutatedJson(fc, batch) },
        { weight: 1, arbitrary: fc.anything() },
      );
      return fc.property(body, (input) => {
        const outcomes = timed(clock, () => parseJsonStrokes(input, WINDOW));
        if (!Array.isArray(input)) {
          const only = outcomes[0];
          if (outcomes.length !== 1 || !only || !('error' in only) || !only.error.startsWith('body')) {
            fail('a body that is not an array must give one "body …" outcome');
          }
          return;
        }
        if (outcomes.length !== input.length) fail('one outcome per record expected');
        checkOutcomes(outcomes, 0, input.length - 1);
      });
    },
  },
  {
    name: 'GeoJSON zone import',
    property: (fc, clock) => {
      const doc = fc.oneof(
        { weight: 1, arbitrary: featureCollection(fc) },
        { weight: 6, arbitrary: mutatedJson(fc, featureCollection(fc)) },
        { weight: 1, arbitrary: fc.anything() },
      );
      return fc.property(doc, (input) => {
        const result = timed(clock, () => parseZoneImport(input, 'Zone'));
        if (result.ok) {
          for (const z of result.zones) {
            if (typeof z.name !== 'string' || z.name.length > 100) fail(`bad zone name ${z.name}`);
            if (validatePolygon(z.geometry).length > 0) fail('an imported zone fails validatePolygon');
          }
          return;
        }
        if (result.issues.length === 0) fail('a refused import must say why');
        for (const issue of result.issues) {
          checkReason('issue field', issue.field);
          checkReason(`issue ${issue.field}`, issue.message);
        }
      });
    },
  },
  {
    name: 'GeoJSON shape validation',
    property: (fc, clock) => {
      const point = fc
        .tuple(fc.double({ noNaN: false }), fc.double())
        .map(([lon, lat]) => ({ type: 'Point', coordinates: [lon, lat] }));
      const shape = fc.oneof(polygon(fc), point, mutatedJson(fc, polygon(fc)), fc.anything());
      return fc.property(shape as Arbitrary<unknown>, (input) => {
        const issues = timed(clock, () => validateShape(input));
        for (const issue of issues) {
          if (typeof issue.path !== 'string') fail('an issue without a path');
          checkReason(`issue ${issue.path}`, issue.message);
        }
      });
    },
  },
];
