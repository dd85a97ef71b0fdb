/**
 * A strict reader of the Well-Known Text a zone or location can be: POLYGON or MULTIPOLYGON, with an
 * optional EWKT `SRID=…;` prefix and Z/M/ZM dimensions (extra numbers are left for the caller to drop).
 * Registry parsers were tried and not taken: betterknown reads "1 x" as null and ignores trailing text,
 * wellknown is unmaintained since 2017, wkx needs Node's Buffer; and none says where the text went wrong.
 * Grammar: OGC 06-103r4 (Simple Features Access, part 1), §7.2.
 */

/** Coordinates as GeoJSON nests them: rings of positions (a MultiPolygon has a list of those). */
export type WktPolygon =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** What the text should have had where it went wrong. */
export const WKT_EXPECTED = [
  'open_paren',
  'close_paren',
  'comma_or_close',
  'number',
  'polygon_word',
  'equals',
  'semicolon',
  'end',
] as const;
export type WktExpected = (typeof WKT_EXPECTED)[number];

/** Where the text stops making sense: 1-based column, what was expected there and what was found. */
export interface WktSyntaxError {
  at: number;
  expected: WktExpected;
  /** The text found there; empty at the end of the text. */
  found: string;
}

export type WktResult =
  | { ok: true; geometry: WktPolygon | null }
  | { ok: false; notPolygon: string }
  | { ok: false; syntax: WktSyntaxError };

/** Any WKT geometry keyword: one that is not a polygon is refused by name rather than as bad syntax. */
const GEOMETRY_WORDS =
  /^(POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION|TRIANGLE|TIN|POLYHEDRALSURFACE|CIRCULARSTRING|COMPOUNDCURVE|CURVEPOLYGON|MULTICURVE|MULTISURFACE)$/;

interface Token {
  text: string;
  at: number;
}

const TOKEN = /\s+|([A-Za-z]+)|([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|([(),;=])|(.)/gy;

class SyntaxFailure {
  constructor(readonly error: WktSyntaxError) {}
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (!/^\s/.test(m[0])) tokens.push({ text: m[0], at: (m.index ?? 0) + 1 });
  }
  return tokens;
}

/** A cursor over the tokens; `expect…` throws a SyntaxFailure naming the place. */
class Reader {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  peek(): string | undefined {
    return this.tokens[this.i]?.text;
  }

  fail(expected: WktExpected): never {
    const token = this.tokens[this.i];
    throw new SyntaxFailure({
      at: token?.at ?? this.length + 1,
      expected,
      found: token?.text ?? '',
    });
  }

  skip(): void {
    this.i += 1;
  }

  expect(text: string, expected: WktExpected): void {
    if (this.peek() !== text) this.fail(expected);
    this.i += 1;
  }

  number(): number {
    const text = this.peek();
    if (text === undefined || !/^[+-]?[\d.]/.test(text)) this.fail('number');
    this.i += 1;
    return Number(text);
  }

  /** `(` item `,` item … `)`. */
  list<T>(item: () => T): T[] {
    this.expect('(', 'open_paren');
    const items = [item()];
    while (this.peek() === ',') {
      this.i += 1;
      items.push(item());
    }
    this.expect(')', this.peek() === undefined ? 'close_paren' : 'comma_or_close');
    return items;
  }

  /** Whether the word EMPTY follows (and takes it). */
  empty(): boolean {
    if (this.peek()?.toUpperCase() !== 'EMPTY') return false;
    this.i += 1;
    return true;
  }

  done(): void {
    if (this.peek() !== undefined) this.fail('end');
  }
}

function position(r: Reader): number[] {
  const p = [r.number(), r.number()];
  // Z and/or M values follow x and y.
  for (let k = 0; k < 2 && r.peek() !== undefined && /^[+-]?[\d.]/.test(r.peek() ?? ''); k += 1)
    p.push(r.number());
  return p;
}

const rings = (r: Reader) => r.list(() => r.list(() => position(r)));

/** POLYGON or MULTIPOLYGON text; `geometry` is null for `… EMPTY`. */
export function parseWktPolygon(text: string): WktResult {
  const r = new Reader(tokenize(text), text.length);
  try {
    if (r.peek()?.toUpperCase() === 'SRID') {
      r.skip();
      r.expect('=', 'equals');
      r.number();
      r.expect(';', 'semicolon');
    }
    const word = r.peek()?.toUpperCase() ?? '';
    if (!GEOMETRY_WORDS.test(word)) r.fail('polygon_word');
    r.skip();
    if (word !== 'POLYGON' && word !== 'MULTIPOLYGON') return { ok: false, notPolygon: word };
    if (/^(Z|M|ZM)$/i.test(r.peek() ?? '')) r.skip();
    if (r.empty()) {
      r.done();
      return { ok: true, geometry: null };
    }
    if (word === 'POLYGON') {
      const coordinates = rings(r);
      r.done();
      return { ok: true, geometry: { type: 'Polygon', coordinates } };
    }
    const coordinates = r.list(() => rings(r));
    r.done();
    return { ok: true, geometry: { type: 'MultiPolygon', coordinates } };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { ok: false, syntax: error.error };
    throw error;
  }
}
