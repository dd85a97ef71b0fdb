import sjson from 'secure-json-parse';
import { AppError } from './app-error.js';
import { nextTurn } from './sort-in-slices.js';

/** Elements, and characters, parsed between two loop turns. */
export const SLICE_ELEMENTS = 1000;
export const SLICE_CHARS = 256 * 1024;

const malformed = (detail: string) =>
  new AppError('request.malformed_json', 400, `Body is not valid JSON: ${detail}`);

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const skipSpace = (text: string, at: number) => {
  while (at < text.length && WS.has(text.charCodeAt(at))) at++;
  return at;
};

/**
 * Where the array element starting at `from` ends: the index of the `,` or `]` that closes it at depth 0,
 * or -1 when the text ends first. Strings (with their escapes) are skipped; the element's own syntax is
 * left to JSON.parse.
 */
function elementEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, stepping over escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) return c === 0x5d ? i : -1;
      depth--;
    } else if (c === 0x2c && depth === 0) return i;
  }
  return -1;
}

/**
 * A JSON body whose top level is an array, parsed a slice of elements at a time with a loop turn between
 * slices: JSON.parse of a whole 10 MB body holds the thread for a tenth of a second or more, and a
 * streaming parser costs six times the CPU. Elements are found by a scan that only tracks strings and
 * nesting; each slice is then parsed by JSON.parse (through secure-json-parse, which refuses `__proto__`
 * and `constructor.prototype` keys, as Fastify's own JSON parser does). Returns null when the top level is
 * not an array (valid JSON or not: the caller names what it expects); throws 400 `request.malformed_json`,
 * naming the element, when the array is not valid JSON. Nothing is returned until the whole body parsed.
 */
export async function parseJsonArraySliced(text: string): Promise<unknown[] | null> {
  let at = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text.charCodeAt(at) !== 0x5b) return null;
  at = skipSpace(text, at + 1);
  const out: unknown[] = [];
  if (text.charCodeAt(at) === 0x5d) return trailing(text, at + 1, out);
  for (;;) {
    const sliceStart = at;
    let count = 0;
    let end = at;
    let closed = false;
    while (count < SLICE_ELEMENTS && end - sliceStart < SLICE_CHARS) {
      end = elementEnd(text, at);
      if (end < 0) throw malformed(`element ${out.length + count} is not closed`);
      count++;
      closed = text.charCodeAt(end) === 0x5d;
      at = end + 1;
      if (closed) break;
    }
    let parsed: unknown;
    try {
      parsed = sjson.parse(`[${text.slice(sliceStart, end)}]`, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      });
    } catch (error) {
      throw malformed(
        `in elements ${out.length}–${out.length + count - 1}: ${(error as Error).message.slice(0, 200)}`,
      );
    }
    // A trailing comma (`[1,]`) leaves an empty last element, which JSON.parse refuses above.
    for (const v of parsed as unknown[]) out.push(v);
    if (closed) return trailing(text, at, out);
    await nextTurn();
  }
}

function trailing(text: string, at: number, out: unknown[]): unknown[] {
  if (skipSpace(text, at) !== text.length) throw malformed('text after the closing ]');
  return out;
}
