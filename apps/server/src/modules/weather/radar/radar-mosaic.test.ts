import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RAMPS } from '@thunderwatch/domain/weather/radar-ramps';
import { decode, encode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { buildOdim } from './fixtures/odim-builder.js';
import { withPaletteAlpha } from './fixtures/png-chunks.js';

// A full-size NEXRAD N0Q mosaic as IEM publishes it (github.com/akrherz/iem @ b786e797,
// htdocs/docs/nexrad_mosaic/): 12,200 × 5,400 pixels of 0.005°, EPSG:4326, upper-left corner 126° W 50° N,
// an 8-bit palette whose index i is −32 + 0.5 i dBZ. Here: nothing detected (black) everywhere, no data
// (transparent) west of 402 columns, and a few echoes of known strength.
const W = 12_200;
const H = 5_400;
const NODATA_COLS = 402;
const N0Q_QUERY =
  'west=-126&south=23&east=-65&north=50&time=2025-09-23T08:50:00Z&ramp=n0q&product=nexrad_n0q';
const TRANSPARENT = 255;
const idx = (dbz: number) => (dbz + 32) / 0.5;
/** lon/lat of the centre of a source pixel. */
const at = (row: number, col: number) => ({ lat: 50 - (row + 0.5) * 0.005, lon: -126 + (col + 0.5) * 0.005 });

function n0qMosaic(width = W, height = H): Buffer {
  const data = new Uint8Array(width * height);
  for (let r = 0; r < height; r++)
    data.fill(TRANSPARENT, r * width, r * width + Math.min(NODATA_COLS, width));
  const put = (row: number, col: number, dbz: number) => {
    if (row < height && col < width) data[row * width + col] = idx(dbz);
  };
  put(1000, 6000, 50); // a storm core one pixel wide
  put(1001, 6001, 18); // a weaker echo in the same 4 × 4 block
  for (let r = 2000; r < 2060; r++) for (let c = 4000; c < 4060; c++) put(r, c, 50); // a 0.3° storm
  const palette = [
    ...RAMPS.n0q.colours.map((c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255]),
    ...Array.from({ length: 256 - RAMPS.n0q.colours.length }, () => [0, 0, 0]),
  ];
  const png = encode({ width, height, data, depth: 8, channels: 1, palette }, { zlib: { level: 1 } });
  return withPaletteAlpha(png, new Uint8Array(256).fill(255).fill(0, TRANSPARENT));
}

const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

let mosaic: Buffer;
beforeAll(() => {
  mosaic = n0qMosaic();
});

describe.each(DB_KINDS)('radar mosaics larger than a stored grid (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'radar-mosaic-test-'));
    t = await startTestApp(kind, { now: () => new Date('2025-09-23T09:00:00Z'), env: { RADAR_DIR: dir } });
    key = await t.createFeed('iem');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ingest = (payload: Buffer, query: string, type: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/radar?${query}`,
      headers: { 'x-feed-key': key, 'content-type': type },
      payload,
    });
  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });
  const valueAt = async (product: string, p: { lat: number; lon: number }) =>
    (await get(`/api/radar?product=${product}&values=1&lat=${p.lat}&lon=${p.lon}`)).json().value;

  it('stores a 12,200 × 5,400 N0Q mosaic as 3,050 × 1,350 cells of 0.02°, each its block’s highest echo', async () => {
    const res = await ingest(mosaic, N0Q_QUERY, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'stored',
      cols: 3050,
      rows: 1350,
      source_grid: { cols: W, rows: H, block: 4 },
    });
    const meta = (await get('/api/radar?product=nexrad_n0q')).json();
    expect(meta.grid).toMatchObject({ cols: 3050, rows: 1350, x0: -126, y0: 50 });
    expect(meta.grid.dx).toBeCloseTo(0.02, 12);
    expect(meta.grid.dy).toBeCloseTo(0.02, 12);
    expect(meta.source_grid).toMatchObject({ cols: W, rows: H, block: 4 });
    expect(meta.source_grid.dx).toBeCloseTo(0.005, 12);
    // 12,200 and 5,400 are whole numbers of blocks: the bounds are the mosaic's.
    expect(meta.bounds).toEqual({ west: -126, south: 23, east: -65, north: 50 });

    expect(await valueAt('nexrad_n0q', at(1000, 6000))).toMatchObject({ state: 'value', value: 50 });
    expect(await valueAt('nexrad_n0q', at(1001, 6001))).toMatchObject({ state: 'value', value: 50 });
    expect(await valueAt('nexrad_n0q', at(1000, 6004))).toMatchObject({ state: 'undetect', value: null });
    expect(await valueAt('nexrad_n0q', at(2030, 4030))).toMatchObject({ state: 'value', value: 50 });
    expect(await valueAt('nexrad_n0q', at(3000, 100))).toMatchObject({ state: 'nodata', value: null });
    // Columns 400–403 are one block: two of no data and two of nothing detected make nothing detected.
    expect(await valueAt('nexrad_n0q', at(3000, 400))).toMatchObject({ state: 'undetect', value: null });
  });

  it('draws the reduced grid: the storm shows in its 50 dBZ colour', async () => {
    const meta = (await get('/api/radar?product=nexrad_n0q')).json();
    const res = await get(meta.image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = decode(res.rawPayload);
    expect([png.width, png.height]).toEqual([meta.image.width, meta.image.height]);
    const { west, east, north, south } = meta.image.bounds;
    const storm = at(2030, 4030);
    const x = Math.floor(((storm.lon - west) / (east - west)) * png.width);
    const y = Math.floor(((mercY(north) - mercY(storm.lat)) / (mercY(north) - mercY(south))) * png.height);
    const band = meta.legend.steps.findLastIndex((s: { from: number }) => s.from <= 50);
    expect(png.data[y * png.width + x]).toBe(band + 1);
    expect(png.data[Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)]).toBe(0);
  });

  it('refuses a PNG over 16,384 pixels a side from its header, naming its size', async () => {
    const res = await ingest(n0qMosaic(20_000, 1), N0Q_QUERY.replace('nexrad_n0q', 'too_wide'), 'image/png');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'radar.invalid_file',
      message: 'grid of 20000 × 1 cells is larger than 16384 cells a side',
    });
  });

  it('reduces an ODIM_H5 composite over 4,000 cells a side band by band, partial last blocks included', async () => {
    // 4,001 × 1,101 cells over 10°–12° E, 50°–51° N in chunks of 100 rows: blocks of 2, the last column and
    // row of blocks half full, read in two bands of 900 and 201 rows.
    const [cols, rows] = [4001, 1101];
    const codes = new Uint8Array(cols * rows);
    codes[(rows - 1) * cols + cols - 1] = 200; // 68 dBZ in the south-east corner cell
    codes[500 * cols + 2000] = 164; // 50 dBZ
    codes.fill(255, 0, 3 * cols); // no data in the top three rows
    const file = await buildOdim({ cols, rows, codes, chunks: [100, cols] });
    const res = await ingest(file, 'product=odim_mosaic', 'application/x-hdf5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cols: 2001, rows: 551, source_grid: { cols, rows, block: 2 } });
    const meta = (await get('/api/radar?product=odim_mosaic')).json();
    expect(meta.grid.dx).toBeCloseTo((2 / cols) * 2, 12);
    expect(meta.bounds.west).toBeCloseTo(10, 9);
    expect(meta.bounds.north).toBeCloseTo(51, 9);
    expect(meta.bounds.east).toBeCloseTo(10 + 4002 * (2 / cols), 9);
    expect(meta.bounds.south).toBeCloseTo(51 - 1102 * (1 / rows), 9);
    const cell = (r: number, c: number) => ({ lat: 51 - (r + 0.5) / rows, lon: 10 + ((c + 0.5) * 2) / cols });
    expect(await valueAt('odim_mosaic', cell(rows - 1, cols - 1))).toMatchObject({
      state: 'value',
      value: 68,
    });
    expect(await valueAt('odim_mosaic', cell(501, 2001))).toMatchObject({ state: 'value', value: 50 });
    expect(await valueAt('odim_mosaic', cell(0, 10))).toMatchObject({ state: 'nodata' });
    // Rows 2 and 3 are one block: no data and nothing detected make nothing detected.
    expect(await valueAt('odim_mosaic', cell(2, 10))).toMatchObject({ state: 'undetect' });
    expect(await valueAt('odim_mosaic', cell(300, 10))).toMatchObject({ state: 'undetect' });
  });
});
