#!/usr/bin/env node
/**
 * Checks the ODIM_H5 reader against a real DWD RADOLAN RV composite and brightsky's oracle for it
 * (github.com/jdemaeyer/brightsky tests/test_parsers.py @ b43ec159): the first record decodes to 1200 × 1100
 * values in 0.01 mm / 5 min whose sum is 237667, all below 4096, and rows 851–855 × columns 258–262 read
 * [[13,11,8,9,9],[12,11,7,8,9],[9,10,8,8,9],[0,0,2,6,8],[0,0,0,0,0]] (no data read as 0). brightsky reads a
 * code as whole hundredths of its `code × gain` (the 0.001 mm codes divided by 10, rounded down, without
 * ODIM's offset of −0.001 mm); the portal's values follow ODIM (`code × gain + offset`). Both are checked.
 * The grid, the 4096 bound and the window match; the total does not (233156 this way, 241967 with ODIM's
 * values rounded), and no reading of the codes tried gives 237667 — it is printed, not checked.
 *
 * Run after `npx tsc -b`: node scripts/check-radar-sample.mjs <path to composite_rv_20250923_0855_000-hd5>
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_DECODE_LIMITS } from '../apps/server/dist/modules/weather/radar/decode-budget.js';
import { decodeOdim } from '../apps/server/dist/modules/weather/radar/odim.js';
import { prepareFrame } from '../apps/server/dist/modules/weather/radar/prepare-frame.js';
import { sampleOf } from '../packages/domain/dist/weather/radar-scale.js';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/check-radar-sample.mjs <composite_rv_..._000-hd5>');
const bytes = new Uint8Array(readFileSync(file));
const frame = await decodeOdim(bytes, DEFAULT_DECODE_LIMITS);
// brightsky's reading: floor(code × gain × 100), no data and nothing detected as 0. Codes are whole, so
// code × gain × 100 is a multiple of 0.1 but for the gain's float error (0.000999999931…): + 0.05 absorbs it.
const hundredths = (raw) => {
  const s = sampleOf(raw, frame.scale);
  return s.state === 'value' ? Math.floor((s.value - frame.scale.offset) * 100 + 0.05) : 0;
};
// The portal's reading of the oracle's first cell (code 136): ODIM's 0.135 mm.
const first = sampleOf(frame.raw[851 * frame.cols + 258], frame.scale);
let sum = 0;
let max = 0;
for (const raw of frame.raw) {
  const v = hundredths(raw);
  sum += v;
  max = Math.max(max, v);
}
const window = [];
for (let r = 851; r <= 855; r++) {
  const row = [];
  for (let c = 258; c <= 262; c++) row.push(hundredths(frame.raw[r * frame.cols + c]));
  window.push(row);
}
const expected = [
  [13, 11, 8, 9, 9],
  [12, 11, 7, 8, 9],
  [9, 10, 8, 8, 9],
  [0, 0, 2, 6, 8],
  [0, 0, 0, 0, 0],
];
const checks = {
  grid: frame.cols === 1100 && frame.rows === 1200,
  'all < 4096': max < 4096,
  window: JSON.stringify(window) === JSON.stringify(expected),
  'ODIM value of code 136 is 0.135 mm': first.state === 'value' && Math.abs(first.value - 0.135) < 1e-6,
};
console.log({
  product: frame.product,
  time: new Date(frame.timeMs).toISOString(),
  quantity: frame.quantity,
  periodMin: frame.periodMin,
  bounds: frame.bounds,
  georef: frame.georef,
  sum,
  'brightsky sum': 237667,
  max,
  window,
});
await prepareFrame({ kind: 'odim', bytes }, DEFAULT_DECODE_LIMITS);
const t = performance.now();
const prepared = await prepareFrame({ kind: 'odim', bytes }, DEFAULT_DECODE_LIMITS);
console.log(
  `prepared again (drawing lookup cached) in ${(performance.now() - t).toFixed(0)} ms: ${prepared.dtype} grid ${prepared.grid.byteLength} B deflated, ` +
    `PNG ${prepared.imageWidth} × ${prepared.imageHeight}, ${prepared.png.byteLength} B`,
);
console.log(checks);
if (!Object.values(checks).every(Boolean)) process.exit(1);
