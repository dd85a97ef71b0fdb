import { decodeAdtd, parseAdtd } from '@thunderwatch/domain/lightning/adtd';
import { parseJsonStrokes } from '@thunderwatch/domain/lightning/json-strokes';
import { parseUalf } from '@thunderwatch/domain/lightning/ualf';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnsWhile } from '../../test/loop-turns.js';
import {
  decodeAdtdSliced,
  parseAdtdSliced,
  parseJsonStrokesSliced,
  parseUalfSliced,
} from './sliced-parse.js';

const TEN_MB = 10 * 1024 * 1024;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Lines of `line(k)` (every 97th unreadable, every 89th blank, some CRLF) up to `bytes`. */
function body(line: (k: number) => string, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let k = 0; size < bytes; k++) {
    const l =
      k % 89 === 0 ? '' : k % 97 === 0 ? `${line(k)} trailing?` : k % 5 === 0 ? `${line(k)}\r` : line(k);
    lines.push(l);
    size += Buffer.byteLength(l) + 1;
  }
  return lines.join('\n');
}

/** ADTD records over 2008-07-08/09, with the day-rollover glitch of real files at lines 996–1003. */
function adtdLine(k: number): string {
  const s =
    k < 995 ? 23 * 3600 + 50 * 60 + Math.floor(k / 2) : k < 1003 ? 86_400 + 86_390 + (k - 995) : 86_400 + k;
  const day = s < 86_400 ? '2008-07-08' : s < 2 * 86_400 ? '2008-07-09' : '2008-07-10';
  const t = s % 86_400;
  const frac = k % 41 === 0 ? '-003532' : pad((k * 7919) % 10_000_000, 7);
  const clock = `${pad(Math.floor(t / 3600))}:${pad(Math.floor(t / 60) % 60)}:${pad(t % 60)}.${frac}`;
  return `${k} ${day} ${clock} 纬度=${(18 + (k % 900) / 100).toFixed(4)}  经度=${(105 + (k % 1500) / 100).toFixed(4)}  强度=-${(20 + (k % 90)).toFixed(1)} 陡度=-11.9  误差=${k % 3 ? '0.0' : '2.5'}    定位方式：四站算法 省=广东省`;
}

function ualfLine(k: number): string {
  const t = 1_215_000_000 + k;
  const d = new Date(t * 1000);
  const date = `${d.getUTCFullYear()} ${d.getUTCMonth() + 1} ${d.getUTCDate()} ${d.getUTCHours()} ${d.getUTCMinutes()} ${d.getUTCSeconds()}`;
  return `${k % 2} ${date} ${(k * 7919) % 1_000_000_000} ${(18 + (k % 900) / 100).toFixed(4)} ${(105 + (k % 1500) / 100).toFixed(4)} -${(20 + (k % 90)).toFixed(1)} 0 8 6 45.00 0.40 0.30 0.72 13.1 10.0 -0.0 ${k % 4 === 0 ? 0 : 1} 1 0 1`;
}

const options = { nowMs: Date.parse('2008-07-12T00:00:00Z'), retentionDays: 0 };

// Whole, a 10 MB body holds the loop for the whole parse (seconds for ADTD) and no turn comes before the
// answer; in slices the loop turns between them. (The stall is measured in bench/ingest-stall.bench.mjs.)
describe('stroke parsers in slices', () => {
  it('ADTD bytes decode in slices as decodeAdtd does whole (UTF-8, GBK, a BOM, characters split by a slice)', async () => {
    const utf8 = new TextEncoder().encode('\uFEFF1 2026-07-12 08:00:00 纬度=23.1 经度=113.2\n强度=-12.5\n');
    // 纬度 and 经度 in GBK (the bytes of adtd.test.ts's table), then bytes that are UTF-8 of nothing.
    const gbk = new Uint8Array([
      0xce, 0xb3, 0xb6, 0xc8, 0x3d, 0x32, 0x33, 0xbe, 0xad, 0xb6, 0xc8, 0x0a, 0xff, 0xfe,
    ]);
    for (const bytes of [utf8, gbk]) {
      for (const slice of [1, 2, 3, 5, 1024])
        expect(await decodeAdtdSliced(bytes, slice)).toBe(decodeAdtd(bytes));
    }
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 1, max: 16 }),
        async (bytes, slice) => {
          expect(await decodeAdtdSliced(bytes, slice)).toBe(decodeAdtd(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads any mix of lines, blanks and line ends across slices as the whole-body parsers do', async () => {
    const line = fc.oneof(
      fc.nat(5000).map(adtdLine),
      fc.nat(5000).map(ualfLine),
      fc.constantFrom('', '\r', '   ', 'garbage', 'x'.repeat(2000)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 2500 }), fc.boolean(), async (lines, endsWithNewline) => {
        const text = lines.join('\n') + (endsWithNewline ? '\n' : '');
        expect(await parseUalfSliced(text, options)).toEqual(parseUalf(text, options));
        expect(await parseAdtdSliced(Buffer.from(text), options)).toEqual(parseAdtd(text, options));
      }),
      { numRuns: 30 },
    );
  });

  it('ADTD: a 10 MB file lets the loop turn and reads as parseAdtd does whole', async () => {
    const text = body(adtdLine, TEN_MB);
    const { result, turns } = await turnsWhile(() => parseAdtdSliced(Buffer.from(text), options));
    const whole = parseAdtd(text, options);
    expect(whole.corrected.length).toBeGreaterThan(100);
    expect(whole.outcomes.filter((o) => 'error' in o).length).toBeGreaterThan(100);
    expect(whole.outcomes.filter((o) => 'stroke' in o).length).toBeGreaterThan(60_000);
    expect(result).toEqual(whole);
    expect(turns).toBeGreaterThanOrEqual(50);
  }, 120_000);

  it('UALF: a 10 MB text lets the loop turn and reads as parseUalf does whole', async () => {
    const text = body(ualfLine, TEN_MB);
    const { result, turns } = await turnsWhile(() => parseUalfSliced(text, options));
    const whole = parseUalf(text, options);
    expect(whole.filter((o) => 'error' in o).length).toBeGreaterThan(100);
    expect(result).toEqual(whole);
    expect(turns).toBeGreaterThanOrEqual(50);
  }, 120_000);

  it('JSON: 30,000 records let the loop turn and read as parseJsonStrokes does whole', async () => {
    const records = Array.from({ length: 30_000 }, (_, k) =>
      k % 97 === 0
        ? { time: 'soon', lat: '1' }
        : {
            time: new Date(Date.parse('2008-07-08T12:00:00Z') + k * 37).toISOString(),
            lat: 18 + (k % 900) / 100,
            lon: 105 + (k % 1500) / 100,
            peak_ka: -20 - (k % 90),
            type: k % 4 ? 'IC' : 'CG',
          },
    );
    const { result, turns } = await turnsWhile(() => parseJsonStrokesSliced(records, options));
    const whole = parseJsonStrokes(records, options);
    expect(whole.filter((o) => 'error' in o).length).toBeGreaterThan(100);
    expect(result).toEqual(whole);
    expect(turns).toBeGreaterThanOrEqual(29);
  }, 120_000);
});
