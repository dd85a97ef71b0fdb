import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import h5wasm from 'h5wasm/node';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DECODE_LIMITS } from './decode-budget.js';
import { buildOdim } from './fixtures/odim-builder.js';
import { interlacedZeroPng } from './fixtures/png-chunks.js';
import type { PrepareInput } from './prepare-frame.js';
import { type WorkerPreparer, workerPreparer } from './radar-preparer.js';

// The worker as the server runs it: the build of radar-worker.ts (`npx tsc -b`, which `npm test` runs first).
// Under vitest the sources have no radar-worker.js beside them, and the HTTP tests decode on their own thread.
const BUILT_WORKER = new URL('../../../../dist/modules/weather/radar/radar-worker.js', import.meta.url);
const DWD_CROP = new URL('./fixtures/dwd-rv-crop.h5', import.meta.url);
const quiet = { error: () => {} } as unknown as FastifyBaseLogger;
/** Node's options without vitest's `--conditions source`, which would have the build import TypeScript. */
const execArgv = process.execArgv.filter(
  (a, i, all) => a !== '--conditions' && all[i - 1] !== '--conditions',
);

const odim = async (bytes: Uint8Array): Promise<PrepareInput> => ({
  kind: 'odim',
  bytes: new Uint8Array(bytes),
});
const outcome = (p: Promise<unknown>) =>
  p.then(
    (frame) => ({ ok: frame }),
    (error: { code?: string; statusCode?: number; message: string }) => ({
      code: error.code,
      statusCode: error.statusCode,
      message: error.message,
    }),
  );

/** An ODIM_H5 file within every size limit whose `what` holds 200,000 strings: heap, not pixels. */
async function manyStrings(): Promise<Uint8Array> {
  const { FS } = await h5wasm.ready;
  FS.writeFile('/many-strings.h5', await buildOdim());
  const f = new h5wasm.File('/many-strings.h5', 'a');
  (f.get('what') as InstanceType<typeof h5wasm.Group>).create_attribute(
    'source_list',
    Array.from({ length: 1_000_000 }, (_, i) => `NOD:x${i}`),
  );
  f.close();
  const bytes = FS.readFile('/many-strings.h5');
  FS.unlink('/many-strings.h5');
  return bytes;
}

describe('the radar worker', () => {
  let dwd: Buffer;
  let preparers: WorkerPreparer[] = [];
  const start = (o: Partial<Parameters<typeof workerPreparer>[1]> = {}) => {
    const p = workerPreparer(quiet, {
      limits: DEFAULT_DECODE_LIMITS,
      workerUrl: BUILT_WORKER,
      execArgv,
      ...o,
    });
    preparers.push(p);
    return p;
  };
  beforeAll(async () => {
    if (!existsSync(fileURLToPath(BUILT_WORKER))) {
      throw new Error(`${fileURLToPath(BUILT_WORKER)} is missing: run npx tsc -b before these tests`);
    }
    dwd = await readFile(DWD_CROP);
  });
  afterEach(async () => {
    await Promise.all(preparers.map((p) => p.close()));
    preparers = [];
  });

  it('refuses the 16,384 × 4,882 float64 chunk and the interlaced PNG from their headers, and keeps the worker', async () => {
    const p = start();
    const hostile = await buildOdim({
      cols: 16_384,
      rows: 4_882,
      dtype: '<d',
      unwritten: true,
      chunks: [4_882, 16_384],
    });
    expect(await outcome(p.prepare(await odim(hostile)))).toMatchObject({
      code: 'radar.too_large',
      statusCode: 400,
      message: expect.stringMatching(
        /^dataset1\/data1\/data would take 1856 MB to decode .* \(RADAR_DECODE_MAX_MB\)$/,
      ),
    });
    const png = await interlacedZeroPng(16_384, 4_882);
    const params = {
      product: 'x',
      timeMs: 0,
      bounds: { west: 0, south: 0, east: 1, north: 1 },
      ramp: 'n0r' as const,
    };
    expect(await outcome(p.prepare({ kind: 'png', bytes: png, params }))).toMatchObject({
      code: 'radar.too_large',
      message: expect.stringContaining('at most 16777216 pixels (4096 × 4096)'),
    });
    expect(await outcome(p.prepare(await odim(dwd)))).toMatchObject({
      ok: { cols: 64, rows: 48, quantity: 'ACRR' },
    });
    // Nothing was inflated: the HDF5 library's memory has not grown, and the first worker read all three.
    expect(p.workersStarted()).toBe(1);
  }, 60_000);

  it('ends the worker after a file that grew its WebAssembly memory, and reads the next on a fresh one', async () => {
    const p = start();
    const [cols, rows] = [2200, 1900];
    // A national composite within the budget: its one chunk of 33 MB is inflated, and 33 MB read out of it.
    const national = await buildOdim({ cols, rows, dtype: '<d', codes: new Float64Array(cols * rows) });
    expect(await outcome(p.prepare(await odim(national)))).toMatchObject({ ok: { cols, rows } });
    expect(p.workersStarted()).toBe(2);
    expect(await outcome(p.prepare(await odim(dwd)))).toMatchObject({ ok: { cols: 64 } });
    expect(await outcome(p.prepare(await odim(dwd)))).toMatchObject({ ok: { cols: 64 } });
    expect(p.workersStarted()).toBe(2);
  }, 60_000);

  it('fails a file that runs the worker out of its heap with 400 naming the limit, and reads the next', async () => {
    // 32 MB: the worker and a small frame fit with room to spare on a loaded machine (at 16 MB the small frame
    // once ran out of heap under CI's load), a million attribute strings do not.
    const p = start({ resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 } });
    // Within the heap: the worker starts and decodes a frame with it.
    expect(await outcome(p.prepare(await odim(dwd)))).toMatchObject({ ok: { cols: 64 } });
    expect(await outcome(p.prepare(await odim(await manyStrings())))).toEqual({
      code: 'radar.too_large',
      statusCode: 400,
      message:
        'decoding the file took more than the 32 MB of heap the radar worker is given (RADAR_DECODE_MAX_MB)',
    });
    expect(await outcome(p.prepare(await odim(dwd)))).toMatchObject({ ok: { cols: 64 } });
  });

  it('answers frames one at a time, in order, and refuses more than 8 waiting', async () => {
    const p = start();
    const all = Array.from({ length: 9 }, async () => outcome(p.prepare(await odim(dwd))));
    const results = await Promise.all(all);
    expect(results.filter((r) => 'ok' in r)).toHaveLength(8);
    expect(results.filter((r) => !('ok' in r))).toEqual([
      expect.objectContaining({ code: 'ingest.overloaded', statusCode: 503 }),
    ]);
  });
});
