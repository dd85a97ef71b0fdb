import {
  type AdtdOptions,
  type AdtdResult,
  mendAdtd,
  readAdtdLines,
} from '@thunderwatch/domain/lightning/adtd';
import { parseJsonStrokeRange } from '@thunderwatch/domain/lightning/json-strokes';
import { type LineOutcome, type ParseOptions, validateStroke } from '@thunderwatch/domain/lightning/stroke';
import { parseUalfLines } from '@thunderwatch/domain/lightning/ualf';
import { nextTurn } from '../../lib/sort-in-slices.js';

/**
 * The stroke parsers over a whole ingest body (up to 10 MB), in slices with a turn of the event loop
 * between them: a slice is at most SLICE_LINES lines or SLICE_CHARS characters (one ADTD line costs about
 * 40 µs, so a slice holds the loop for tens of milliseconds, never the seconds of a whole body).
 * The results are those of the parser called on the whole body.
 */
export const SLICE_LINES = 1000;
export const SLICE_CHARS = 128 * 1024;

/**
 * Calls `read(lines, base)` over consecutive slices of the text's lines (as `text.split('\n')` would give
 * them, but split a slice at a time: a body of ten million empty lines is never one array), each at most
 * SLICE_LINES lines or about SLICE_CHARS characters, with a loop turn after each; `base` is the count of
 * lines before the slice.
 */
async function inLineSlices<T>(text: string, read: (lines: string[], base: number) => T): Promise<T[]> {
  const parts: T[] = [];
  let at = 0;
  let base = 0;
  while (at <= text.length) {
    const lines: string[] = [];
    let chars = 0;
    while (at <= text.length && lines.length < SLICE_LINES && (lines.length === 0 || chars < SLICE_CHARS)) {
      const nl = text.indexOf('\n', at);
      const end = nl < 0 ? text.length : nl;
      lines.push(text.slice(at, end));
      chars += end - at;
      at = end + 1;
    }
    parts.push(read(lines, base));
    base += lines.length;
    if (at <= text.length) await nextTurn();
  }
  return parts;
}

/** Outcomes of a slice numbered from its first line, numbered in the whole body. */
const shifted = <O extends { line: number }>(items: O[], base: number): O[] =>
  base === 0 ? items : items.map((o) => ({ ...o, line: o.line + base }));

export async function parseUalfSliced(text: string, options: ParseOptions = {}): Promise<LineOutcome[]> {
  const parts = await inLineSlices(text, (lines, base) =>
    shifted(parseUalfLines(lines, 0, lines.length, options), base),
  );
  return parts.flat();
}

/** Bytes of an ADTD body decoded between two loop turns. */
export const DECODE_BYTES = 1024 * 1024;

/** `decodeAdtd` (UTF-8, else GBK; a BOM dropped) over DECODE_BYTES at a time, a loop turn after each. */
export async function decodeAdtdSliced(bytes: Uint8Array, sliceBytes = DECODE_BYTES): Promise<string> {
  const decode = async (decoder: InstanceType<typeof TextDecoder>) => {
    const parts: string[] = [];
    for (let at = 0; ; ) {
      const end = Math.min(at + sliceBytes, bytes.length);
      parts.push(decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length }));
      if (end >= bytes.length) return parts.join('');
      at = end;
      await nextTurn();
    }
  };
  let text: string;
  try {
    text = await decode(new TextDecoder('utf-8', { fatal: true }));
  } catch {
    text = await decode(new TextDecoder('gbk'));
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

export async function parseAdtdSliced(bytes: Uint8Array, options: AdtdOptions = {}): Promise<AdtdResult> {
  const text = await decodeAdtdSliced(bytes);
  await nextTurn();
  const parts = await inLineSlices(text, (lines, base) => {
    const read = readAdtdLines(lines, 0, lines.length, options);
    return { outcomes: shifted(read.outcomes, base), corrected: shifted(read.corrected, base) };
  });
  await nextTurn();
  // The day-rollover mending looks at the whole file (cheap: no text); the clock check, as in
  // `parseAdtd`, comes after it, record by record, in slices.
  const { nowMs } = options;
  const mended = mendAdtd(
    { outcomes: parts.flatMap((p) => p.outcomes), corrected: parts.flatMap((p) => p.corrected) },
    { ...options, nowMs: undefined },
  );
  if (nowMs === undefined) return mended;
  const checked: LineOutcome[] = [];
  for (let from = 0; from < mended.outcomes.length; from += SLICE_LINES) {
    await nextTurn();
    for (const o of mended.outcomes.slice(from, from + SLICE_LINES)) {
      const reason = 'stroke' in o ? validateStroke(o.stroke, nowMs, options) : null;
      checked.push(reason ? { line: o.line, error: reason } : o);
    }
  }
  const rejected = new Set(checked.flatMap((o) => ('error' in o ? [o.line] : [])));
  return { outcomes: checked, corrected: mended.corrected.filter((c) => !rejected.has(c.line)) };
}

export async function parseJsonStrokesSliced(
  body: readonly unknown[],
  options: ParseOptions = {},
): Promise<LineOutcome[]> {
  const parts: LineOutcome[][] = [];
  for (let from = 0; from < body.length; from += SLICE_LINES) {
    if (from > 0) await nextTurn();
    parts.push(parseJsonStrokeRange(body, from, from + SLICE_LINES, options));
  }
  return parts.flat();
}
