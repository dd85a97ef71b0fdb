// Radar decode budget: hostile files posted to POST /api/ingest/radar of a
// running server (loopback), and the server process's resident memory before and after. A 625 KB ODIM_H5 file
// holding a 16,384 × 4,882 float64 grid as one gzip chunk of zeros took RSS from 519 MB to 2.9 GB and kept
// 2.2 GB; an interlaced 16,384 × 4,882 RGBA PNG took 54 s and 300 MB. Target: both refused (400
// radar.too_large) in well under a second, and RSS back within 10 % of its start after them. For scale, a
// national composite within the budget (2,200 × 1,900 float64 in one chunk, ~128 MB to decode) is read on
// its worker, and RSS measured after it too: that worker's WebAssembly memory grows past 64 MB, so it ends
// after the file and gives its memory back.
// The files are made in a child process (building the ODIM file takes ~700 MB and ~20 s there), so the
// bench's own memory is not the server's.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { api, appOn, openPostgres, scratchPostgres } from './lib.mjs';

const REPEAT = Number(process.env.BENCH_RADAR_BUDGET_REPEAT ?? 3);
const ROOT = path.resolve(import.meta.dirname, '..');

/** Writes hostile.h5, interlaced.png and national.h5 into `dir`, in a process of its own. */
function makeFiles(dir) {
  const script = `
    import { writeFileSync } from 'node:fs';
    import h5wasm from 'h5wasm/node';
    import { buildOdim } from './apps/server/dist/modules/weather/radar/fixtures/odim-builder.js';
    import { interlacedZeroPng } from './apps/server/dist/modules/weather/radar/fixtures/png-chunks.js';
    const dir = ${JSON.stringify(dir)};
    const { FS } = await h5wasm.ready;
    // The hostile file: built with its one chunk unwritten, then one value written, so HDF5 inflates,
    // fills and deflates the whole 640 MB chunk: one gzip chunk of zeros.
    FS.writeFile('/h.h5', await buildOdim({ cols: 16384, rows: 4882, dtype: '<d', unwritten: true, chunks: [4882, 16384] }));
    const f = new h5wasm.File('/h.h5', 'a');
    f.get('dataset1/data1/data').write_slice([[0, 1], [0, 1]], new Float64Array([0]));
    f.close();
    writeFileSync(dir + '/hostile.h5', FS.readFile('/h.h5'));
    writeFileSync(dir + '/interlaced.png', await interlacedZeroPng(16384, 4882));
    const codes = new Float64Array(2200 * 1900);
    for (let i = 0; i < codes.length; i++) codes[i] = (i * 7) % 200;
    writeFileSync(dir + '/national.h5', await buildOdim({ cols: 2200, rows: 1900, dtype: '<d', codes }));
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit' });
}

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** RSS once garbage is collected and the radar worker of the last file has ended (a moment to settle). */
async function settledRss() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return process.memoryUsage.rss();
}

async function benchOn(kind, db, files) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-radar-budget-'));
  const app = await appOn(db, { RADAR_DIR: dir, RETENTION_DAYS: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const { access } = await api(base, null, 'POST', '/api/login', {
      username: 'admin',
      password: 'Admin12345',
    });
    const { key } = await api(base, access, 'POST', '/api/feeds/', { name: 'bench-radar-budget' });
    const post = async (bytes, query, type) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/ingest/radar?${query}`, {
        method: 'POST',
        headers: { 'x-feed-key': key, 'content-type': type },
        body: bytes,
      });
      const body = await res.json();
      return { ms: performance.now() - t, status: res.status, body };
    };
    const pngQuery =
      'west=-126&south=23&east=-65&north=50&time=2025-09-23T08:50:00Z&ramp=n0q&product=hostile_png';
    // A first frame: the server's first decode loads what every later one shares (projections, the drawing).
    const warm = await post(files.national, 'product=national', 'application/x-hdf5');
    if (warm.status !== 200)
      throw new Error(`national composite: ${warm.status} ${JSON.stringify(warm.body)}`);
    const start = await settledRss();
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const times = { odim: [], png: [] };
    const messages = {};
    try {
      for (let i = 0; i < REPEAT; i++) {
        const odim = await post(files.hostile, `product=hostile_${i}`, 'application/x-hdf5');
        const png = await post(files.interlaced, pngQuery, 'image/png');
        for (const [name, r] of [
          ['odim', odim],
          ['png', png],
        ]) {
          if (r.status !== 400 || r.body.error?.code !== 'radar.too_large')
            throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
          times[name].push(r.ms);
          messages[name] = r.body.error.message;
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const afterHostile = await settledRss();
    const read = await post(files.national, 'product=national_2', 'application/x-hdf5');
    if (read.status !== 200) throw new Error(`national composite: ${read.status}`);
    const afterNational = await settledRss();
    const max = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
    const change = (x) => `${(((x - start) / start) * 100).toFixed(1)} %`;
    console.log(`[${kind}] hostile files posted ${REPEAT} times each to a running server`);
    console.log(
      `  ${(files.hostile.length / 1024).toFixed(0)} KB ODIM_H5, 16,384 × 4,882 float64 in one gzip chunk: 400 in ${max(times.odim)} ms`,
    );
    console.log(`    ${messages.odim}`);
    console.log(
      `  ${(files.interlaced.length / 1024).toFixed(0)} KB interlaced 16,384 × 4,882 RGBA PNG: 400 in ${max(times.png)} ms`,
    );
    console.log(`    ${messages.png}`);
    console.log(
      `  server RSS: ${mb(start)} at start, ${mb(peak)} at peak (+${mb(peak - start)}), ${mb(afterHostile)} after (${change(afterHostile)}; target within 10 %)`,
    );
    console.log(
      `  a national composite read after them (2,200 × 1,900 float64, one chunk) in ${read.ms.toFixed(0)} ms: RSS ${mb(afterNational)} after its worker ended (${change(afterNational)})`,
    );
    if (Math.abs(afterHostile - start) > start * 0.1)
      console.log('  TARGET MISSED: RSS not back within 10 %');
  } finally {
    await app.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-radar-files-'));
  try {
    makeFiles(dir);
    const files = {
      hostile: await readFile(path.join(dir, 'hostile.h5')),
      interlaced: await readFile(path.join(dir, 'interlaced.png')),
      national: await readFile(path.join(dir, 'national.h5')),
    };
    await benchOn('embedded', await openEmbedded({ dataDir: null }), files);
    const scratch = await scratchPostgres('tw_bench_radar_budget');
    if (scratch) {
      try {
        await benchOn('postgres', openPostgres(scratch.url, 10), files);
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
