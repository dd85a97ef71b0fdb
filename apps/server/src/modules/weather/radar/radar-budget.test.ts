import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RAMPS } from '@thunderwatch/domain/weather/radar-ramps';
import { encode } from 'fast-png';
import h5wasm from 'h5wasm/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import {
  checkPngCost,
  type DatasetLayout,
  DEFAULT_DECODE_LIMITS,
  MAX_INTERLACED_PIXELS,
  odimDecodeCost,
} from './decode-budget.js';
import { buildOdim } from './fixtures/odim-builder.js';
import { interlacedZeroPng } from './fixtures/png-chunks.js';
import { decodeOdim } from './odim.js';

// A 633 KB ODIM_H5 file holding a 16,384 × 4,882 float64 grid as one gzip chunk of zeros took the
// server from 519 MB to 2.9 GB, and an interlaced PNG of the same size took 54 s and 300 MB more. Both are
// within the grid size limits (80 million cells); what they cost is known from their headers.
const [WIDE, TALL] = [16_384, 4_882];
/** The hostile file's header (its one chunk left unwritten, so it is made in a few KB; see odim-builder). */
const hostileOdim = () =>
  buildOdim({ cols: WIDE, rows: TALL, dtype: '<d', unwritten: true, chunks: [TALL, WIDE] });
const MB = 2 ** 20;

describe('the decode cost, from the header', () => {
  const f64 = (chunks: number[] | null): DatasetLayout => ({ elementSize: 8, chunks });
  it.each<[string, DatasetLayout, [number, number, number], number]>([
    // chunk + 2 bands (in the WebAssembly memory, then copied out) + the codes kept, in MB
    [
      'one float64 chunk of 16,384 × 4,882, reduced by 5',
      f64([TALL, WIDE]),
      [WIDE, TALL, 5],
      610.25 * 3 + 24.43,
    ],
    ['a national composite, 2,200 × 1,900 float64, one chunk', f64([1900, 2200]), [2200, 1900, 1], 31.89 * 4],
    [
      'the same in chunks of 100 rows: bands of 1,800 rows',
      f64([100, 2200]),
      [2200, 1900, 1],
      1.68 + 2 * 30.21 + 31.89,
    ],
    ['contiguous: bands of 1,818 rows', f64(null), [2200, 1900, 1], 2 * 30.51 + 31.89],
    [
      '8-bit N0Q-sized, chunks of 100 rows, reduced by 4',
      { elementSize: 1, chunks: [100, 12200] },
      [12200, 5400, 4],
      1.16 + 2 * 3.49 + 3.93,
    ],
  ])('%s', (_, layout, [cols, rows, block], mbExpected) => {
    expect(odimDecodeCost(layout, cols, rows, block).total / MB).toBeCloseTo(mbExpected, 1);
  });

  it('refuses the 16,384 × 4,882 float64 chunk before reading a value of it', async () => {
    const file = await hostileOdim();
    expect(file.length).toBeLessThan(64 * 1024);
    const slice = vi.spyOn(h5wasm.Dataset.prototype, 'slice');
    const value = vi.spyOn(h5wasm.Dataset.prototype, 'value', 'get');
    try {
      const error = await decodeOdim(file, DEFAULT_DECODE_LIMITS).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        code: 'radar.too_large',
        statusCode: 400,
        message: expect.stringContaining('more than the 256 MB allowed (RADAR_DECODE_MAX_MB)'),
      });
      expect((error as Error).message).toContain(
        'a chunk of 4882 × 16384 values of 8 bytes inflated whole (611 MB)',
      );
      expect(slice).not.toHaveBeenCalled();
      expect(value).not.toHaveBeenCalled();
    } finally {
      slice.mockRestore();
      value.mockRestore();
    }
  });

  const png = (width: number, height: number, interlaced: boolean, stride = width * 4) => ({
    width,
    height,
    interlaced,
    stride,
  });
  it.each([
    [
      'an interlaced 16,384 × 4,882 RGBA PNG',
      png(WIDE, TALL, true),
      /at most 16777216 pixels \(4096 × 4096\)/,
    ],
    ['an interlaced 4,097 × 4,096 PNG', png(4097, 4096, true), /4097 × 4096 pixels is decoded whole/],
    ['an interlaced 4,096 × 4,096 PNG of 16-bit RGBA', png(4096, 4096, true, 4096 * 8), /would take 257 MB/],
    ['an interlaced 4,096 × 4,096 RGBA PNG', png(4096, 4096, true), null],
    ['a 16,384 × 4,882 PNG without interlacing (read row by row)', png(WIDE, TALL, false), null],
  ])('%s', (_, header, refused) => {
    const check = () => checkPngCost(header, DEFAULT_DECODE_LIMITS);
    if (refused) expect(check).toThrow(refused);
    else expect(check).not.toThrow();
  });

  it('holds an interlaced PNG of the most pixels to the memory budget too', () => {
    const side = Math.sqrt(MAX_INTERLACED_PIXELS);
    expect(() => checkPngCost(png(side, side, true), { maxBytes: 64 * MB })).toThrow(
      /4096 × 4096 pixels would take 129 MB to decode, more than the 64 MB allowed \(RADAR_DECODE_MAX_MB\)/,
    );
  });
});

// The N0R palette (IEM's example composite), index 16 is 50 dBZ.
const N0R_PALETTE = [...RAMPS.n0r.colours, ...Array(10).fill(0)].map((c) => [
  (c >> 16) & 255,
  (c >> 8) & 255,
  c & 255,
]);
const PNG_QUERY = 'west=100&south=20&east=104&north=22&time=2025-09-23T08:50:00Z&ramp=n0r';

describe.each(DB_KINDS)('radar files over the decode budget (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'radar-budget-test-'));
    t = await startTestApp(kind, { now: () => new Date('2025-09-23T09:00:00Z'), env: { RADAR_DIR: dir } });
    key = await t.createFeed('budget');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  const ingest = (payload: Buffer, query: string, type: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/radar?${query}`,
      headers: { 'x-feed-key': key, 'content-type': type },
      payload,
    });

  it('refuses the 16,384 × 4,882 float64 ODIM_H5 chunk with 400 naming the limit, and stores nothing', async () => {
    const res = await ingest(await hostileOdim(), 'product=hostile', 'application/x-hdf5');
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'radar.too_large', details: [{ field: 'dataset1/data1/data' }] });
    expect(error.message).toMatch(
      /^dataset1\/data1\/data would take 1856 MB to decode .*more than the 256 MB allowed \(RADAR_DECODE_MAX_MB\)$/,
    );
    const times = await t.call({
      method: 'GET',
      url: '/api/radar_times?product=hostile',
      token: t.admin.access,
    });
    expect(times.json().items).toEqual([]);
  });

  it('refuses an interlaced 16,384 × 4,882 RGBA PNG from its header, naming the limit', async () => {
    const file = await interlacedZeroPng(WIDE, TALL);
    expect(file.length).toBeLessThan(1024 * 1024);
    const res = await ingest(file, `${PNG_QUERY}&product=hostile_png`, 'image/png');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'radar.too_large',
      message:
        'an interlaced (Adam7) PNG of 16384 × 4882 pixels is decoded whole: at most 16777216 pixels (4096 × 4096) are read; save it without interlacing',
    });
  });

  it('still reads a national composite: 2,200 × 1,900 float64 cells in one chunk', async () => {
    const [cols, rows] = [2200, 1900];
    const codes = new Float64Array(cols * rows).fill(0);
    codes[950 * cols + 1100] = 164; // 50 dBZ
    const res = await ingest(
      await buildOdim({ cols, rows, dtype: '<d', codes }),
      'product=national',
      'application/x-hdf5',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cols, rows, source_grid: { cols, rows, block: 1 } });
  }, 60_000); // 33 MB made, deflated and read on a shared machine

  it('still reads an interlaced PNG within the limit', async () => {
    const indices = new Uint8Array(64 * 32).fill(0);
    indices[0] = 16;
    const file = Buffer.from(
      encode(
        { width: 64, height: 32, data: indices, depth: 8, channels: 1, palette: N0R_PALETTE },
        { interlace: 'Adam7' },
      ),
    );
    const res = await ingest(file, `${PNG_QUERY}&product=interlaced`, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cols: 64, rows: 32, status: 'stored' });
  });
});
