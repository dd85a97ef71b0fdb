#!/usr/bin/env node
/**
 * Builds apps/server/src/modules/weather/radar/fixtures/dwd-rv-crop.h5: a 64 × 48-cell crop of a real DWD
 * RADOLAN RV composite (ODIM_H5), with the source's attributes and its real uint32 codes, so the tests read a
 * file shaped like DWD's without the 1,100 × 1,200 original.
 *
 * Source: composite_rv_20250923_0855_000-hd5 in tests/data/composite_rv_20250923_0855.tar of
 * github.com/jdemaeyer/brightsky (MIT; data © Deutscher Wetterdienst), commit b43ec159. The crop is columns
 * 240–303 and rows 830–877, so it holds brightsky's oracle window (rows 851–855 × columns 258–262). Its
 * corners are recomputed with proj4 from where/projdef for the cropped grid.
 *
 * Run by hand (its output is committed): node scripts/build-odim-fixture.mjs <path to the _000-hd5 file>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import h5wasm from 'h5wasm/node';
import proj4 from 'proj4';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: node scripts/build-odim-fixture.mjs <composite_rv_..._000-hd5>');
const COL0 = 240;
const ROW0 = 830;
const COLS = 64;
const ROWS = 48;
const OUT = new URL('../apps/server/src/modules/weather/radar/fixtures/dwd-rv-crop.h5', import.meta.url);

const { FS } = await h5wasm.ready;
FS.writeFile('/in.h5', readFileSync(source));
const src = new h5wasm.File('/in.h5', 'r');
const attrs = (path) => Object.fromEntries(Object.entries(src.get(path).attrs).map(([k, a]) => [k, a.value]));
const where = attrs('where');
const full = src.get('dataset1/data1/data').value;
const crop = new Uint32Array(COLS * ROWS);
for (let r = 0; r < ROWS; r++) {
  for (let c = 0; c < COLS; c++) crop[r * COLS + c] = full[(ROW0 + r) * Number(where.xsize) + COL0 + c];
}
const conv = proj4('WGS84', where.projdef);
const [ulx, uly] = conv.forward([where.UL_lon, where.UL_lat]);
const x0 = Math.round(ulx) + COL0 * where.xscale;
const y0 = Math.round(uly) - ROW0 * where.yscale;
const corner = (x, y) => conv.inverse([x, y]);
const corners = {
  UL: corner(x0, y0),
  UR: corner(x0 + COLS * where.xscale, y0),
  LL: corner(x0, y0 - ROWS * where.yscale),
  LR: corner(x0 + COLS * where.xscale, y0 - ROWS * where.yscale),
};

const out = new h5wasm.File('/out.h5', 'w');
const copy = (target, path, skip = []) => {
  for (const [k, v] of Object.entries(attrs(path))) {
    if (skip.includes(k)) continue;
    // Numbers are doubles in the source (<d); a guessed type would turn nodata 4294967295 into -1.
    if (typeof v === 'number') target.create_attribute(k, v, null, '<d');
    else target.create_attribute(k, v);
  }
};
out.create_attribute('Conventions', src.attrs.Conventions.value);
copy(out.create_group('what'), 'what');
const w = out.create_group('where');
copy(w, 'where', [
  'xsize',
  'ysize',
  'UL_lon',
  'UL_lat',
  'UR_lon',
  'UR_lat',
  'LL_lon',
  'LL_lat',
  'LR_lon',
  'LR_lat',
]);
w.create_attribute('xsize', BigInt(COLS), null, '<Q');
w.create_attribute('ysize', BigInt(ROWS), null, '<Q');
for (const [name, [lon, lat]] of Object.entries(corners)) {
  w.create_attribute(`${name}_lon`, lon, null, '<d');
  w.create_attribute(`${name}_lat`, lat, null, '<d');
}
copy(out.create_group('how'), 'how');
const ds = out.create_group('dataset1');
copy(ds.create_group('what'), 'dataset1/what');
copy(ds.create_group('how'), 'dataset1/how');
ds.create_group('where');
const data = ds.create_group('data1');
copy(data.create_group('what'), 'dataset1/data1/what');
data.create_dataset({
  name: 'data',
  data: crop,
  shape: [ROWS, COLS],
  dtype: '<I',
  chunks: [ROWS, COLS],
  compression: 'gzip',
  compression_opts: 6,
});
out.close();
src.close();
writeFileSync(OUT, FS.readFile('/out.h5'));
console.log(`wrote ${OUT.pathname}: ${COLS} × ${ROWS} cells from column ${COL0}, row ${ROW0}`);
