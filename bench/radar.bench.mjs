// Radar: an ODIM_H5 frame the size of DWD's RADOLAN composite (1,100 × 1,200 cells, 32-bit codes, polar
// stereographic) posted to POST /api/ingest/radar until its PNG is served by GET /api/radar_img, and the
// cached PNG served again. Targets: ingest → first PNG < 1 s; cached PNG p95 < 20 ms. Baseline in the same
// run: GET /api/map_config, the lightest signed-in read. Then full-size NEXRAD N0Q mosaics (12,200 × 5,400
// palette PNGs, stored block-reduced to 3,050 × 1,350): ingest → first PNG, and the process's RSS growth. Over HTTP on loopback, on the embedded database (and
// PostgreSQL when DATABASE_URL is set); decoding and drawing run on the radar worker thread as in production.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RAMPS } from '@thunderwatch/domain/weather/radar-ramps';
import { decode, encode } from 'fast-png';
import h5wasm from 'h5wasm/node';
import proj4 from 'proj4';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { api, appOn, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const FRAMES = Number(process.env.BENCH_RADAR_FRAMES ?? 10);
const READS = Number(process.env.BENCH_RADAR_READS ?? 300);
const COLS = 1100;
const ROWS = 1200;
// The DWD RADOLAN grid's projection and corner (where/projdef and UL corner of composite_rv_20250923_0855,
// github.com/jdemaeyer/brightsky tests/data).
const PROJDEF =
  '+proj=stere +lat_ts=60 +lat_0=90 +lon_0=10 +x_0=543196.83521776402 +y_0=3622588.8619310022 +units=m +a=6378137 +b=6356752.3142451802 +no_defs';

/** An ODIM_H5 composite shaped like DWD's: rain blobs that move with `k`, no data outside a disc. */
async function dwdLikeFrame(k, date, time) {
  const { FS } = await h5wasm.ready;
  const conv = proj4('WGS84', PROJDEF);
  const corner = (x, y) => conv.inverse([x, y]);
  const [x0, y0] = [-500, 500];
  const codes = new Uint32Array(COLS * ROWS);
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const dx = c - 550;
      const dy = r - 600;
      if (dx * dx + dy * dy > 620 * 620) codes[r * COLS + c] = 4294967295;
      else {
        const rain = Math.sin((c + k * 7) / 37) * Math.cos((r - k * 5) / 29);
        codes[r * COLS + c] = rain > 0.3 ? Math.round(rain * 3000) : 0;
      }
    }
  }
  const name = `/bench-${k}.h5`;
  const f = new h5wasm.File(name, 'w');
  const d = (g, key, v) => g.create_attribute(key, v, null, '<d');
  f.create_attribute('Conventions', 'ODIM_H5/V2_3');
  const what = f.create_group('what');
  for (const [key, v] of Object.entries({ object: 'COMP', date, time })) what.create_attribute(key, v);
  const where = f.create_group('where');
  where.create_attribute('projdef', PROJDEF);
  where.create_attribute('xsize', COLS, null, '<Q');
  where.create_attribute('ysize', ROWS, null, '<Q');
  d(where, 'xscale', 1000);
  d(where, 'yscale', 1000);
  const corners = {
    UL: corner(x0, y0),
    UR: corner(x0 + COLS * 1000, y0),
    LL: corner(x0, y0 - ROWS * 1000),
    LR: corner(x0 + COLS * 1000, y0 - ROWS * 1000),
  };
  for (const [c, [lon, lat]] of Object.entries(corners)) {
    d(where, `${c}_lon`, lon);
    d(where, `${c}_lat`, lat);
  }
  const ds = f.create_group('dataset1');
  const dsWhat = ds.create_group('what');
  for (const [key, v] of Object.entries({ prodname: 'RV_top_view', enddate: date, endtime: time })) {
    dsWhat.create_attribute(key, v);
  }
  const data = ds.create_group('data1');
  const dWhat = data.create_group('what');
  dWhat.create_attribute('quantity', 'ACRR');
  d(dWhat, 'gain', 0.001);
  d(dWhat, 'offset', -0.001);
  d(dWhat, 'nodata', 4294967295);
  d(dWhat, 'undetect', 0);
  data.create_dataset({
    name: 'data',
    data: codes,
    shape: [ROWS, COLS],
    dtype: '<I',
    chunks: [ROWS / 4, COLS],
    compression: 'gzip',
    compression_opts: 6,
  });
  f.close();
  const bytes = Buffer.from(FS.readFile(name));
  FS.unlink(name);
  return bytes;
}

const MOSAICS = Number(process.env.BENCH_RADAR_MOSAICS ?? 3);
const N0Q_W = 12_200;
const N0Q_H = 5_400;
const n0qIndex = (dbz) => Math.max(1, Math.min(244, Math.round((dbz + 32) / 0.5)));

/**
 * A NEXRAD N0Q mosaic as IEM publishes it (github.com/akrherz/iem htdocs/docs/nexrad_mosaic/: 12,200 × 5,400
 * pixels of 0.005°, upper-left 126° W 50° N, palette index i = −32 + 0.5 i dBZ, black where nothing is
 * detected): 300 storms of 55–65 dBZ cores fading to 15 dBZ, over stratiform bands of 15–30 dBZ, moved with k.
 */
function n0qMosaic(k) {
  const data = new Uint8Array(N0Q_W * N0Q_H);
  for (let r = 0; r < N0Q_H; r++) {
    const row = r * N0Q_W;
    const wave = Math.sin((r + k * 9) / 300);
    for (let c = 0; c < N0Q_W; c++) {
      const s = wave * Math.cos((c - k * 12) / 410);
      if (s > 0.6) data[row + c] = n0qIndex(15 + (s - 0.6) * 37);
    }
  }
  let seed = 17;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let n = 0; n < 300; n++) {
    const [r0, c0] = [random() * N0Q_H, random() * N0Q_W + k * 10];
    const radius = 20 + random() * 60;
    const core = 55 + random() * 10;
    for (let r = Math.max(0, Math.floor(r0 - radius)); r < Math.min(N0Q_H, r0 + radius); r++) {
      for (let c = Math.max(0, Math.floor(c0 - radius)); c < Math.min(N0Q_W, c0 + radius); c++) {
        const d = Math.hypot(r - r0, c - c0) / radius;
        if (d < 1) data[r * N0Q_W + c] = Math.max(data[r * N0Q_W + c], n0qIndex(core - d * (core - 15)));
      }
    }
  }
  const palette = RAMPS.n0q.colours.map((c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255]);
  return Buffer.from(encode({ width: N0Q_W, height: N0Q_H, data, depth: 8, channels: 1, palette }));
}

// The bench's own garbage (the mosaics it made) is collected before each measure, so RSS growth is the ingest's.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

/** Runs fn while sampling the process's resident memory: its time, and the peak and final RSS growth. */
async function withRss(fn) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const [ms, res] = await timed(fn);
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      ms,
      res,
      peakMb: (peak - before) / 2 ** 20,
      afterMb: (process.memoryUsage.rss() - before) / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

async function mosaicFigures(base, key, auth) {
  const files = [];
  for (let k = 0; k < MOSAICS; k++) files.push(n0qMosaic(k));
  const mb = (files[0].length / 2 ** 20).toFixed(1);
  console.log(`  ${MOSAICS} N0Q mosaics of ${N0Q_W} × ${N0Q_H} px, ${mb} MB each`);
  for (const [k, bytes] of files.entries()) {
    const time = new Date(Date.UTC(2025, 8, 23, 12, k * 5)).toISOString();
    const q = new URLSearchParams({ west: '-126', south: '23', east: '-65', north: '50', time, ramp: 'n0q' });
    const { ms, res, peakMb, afterMb } = await withRss(async () => {
      const posted = await fetch(`${base}/api/ingest/radar?${q}&product=nexrad_n0q`, {
        method: 'POST',
        headers: { 'x-feed-key': key, 'content-type': 'image/png' },
        body: bytes,
      });
      if (!posted.ok) throw new Error(`ingest ${posted.status} ${await posted.text()}`);
      const stored = await posted.json();
      const img = await fetch(`${base}/api/radar_img?product=nexrad_n0q&time=${time}`, { headers: auth });
      if (img.status !== 200) throw new Error(`radar_img ${img.status}`);
      return { stored, png: (await img.arrayBuffer()).byteLength };
    });
    const what = k === 0 ? 'first (projects the new grid)' : `frame ${k + 1}`;
    console.log(
      `  N0Q mosaic ingest → first PNG served, ${what}: ${ms.toFixed(0)} ms, RSS +${peakMb.toFixed(0)} MB at peak, ` +
        `+${afterMb.toFixed(0)} MB after (stored ${res.stored.cols} × ${res.stored.rows}, PNG ${(res.png / 1024).toFixed(0)} KB)`,
    );
  }
  // For scale, measured the same way (and last: the pages it takes stay with the process): the same PNG
  // decoded whole, as a whole-image decoder would before reading it through the ramp.
  const whole = await withRss(async () => decode(files[0]).data.length);
  console.log(
    `  for scale: fast-png decoding the same PNG whole: ${whole.ms.toFixed(0)} ms, RSS +${whole.peakMb.toFixed(0)} MB at peak`,
  );
}

async function timed(fn) {
  const t = performance.now();
  const res = await fn();
  return [performance.now() - t, res];
}

const fmt = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${percentile(s, 0.5).toFixed(1)} ms, p95 ${percentile(s, 0.95).toFixed(1)} ms, max ${s.at(-1).toFixed(1)} ms`;
};

async function benchOn(kind, db) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-radar-'));
  const app = await appOn(db, { RADAR_DIR: dir, RETENTION_DAYS: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const { access } = await api(base, null, 'POST', '/api/login', {
      username: 'admin',
      password: 'Admin12345',
    });
    const auth = { authorization: `Bearer ${access}` };
    const { key } = await api(base, access, 'POST', '/api/feeds/', { name: 'bench-radar' });
    const files = [];
    for (let k = 0; k < FRAMES + 1; k++) {
      const minute = String(k * 5).padStart(2, '0');
      files.push({ bytes: await dwdLikeFrame(k, '20250923', `10${minute.slice(-2)}00`), k });
    }
    console.log(
      `[${kind}] ${FRAMES} frames of ${COLS} × ${ROWS}, ${(files[0].bytes.length / 1024).toFixed(0)} KB each`,
    );

    const firstPng = [];
    for (const { bytes, k } of files) {
      const [ms, res] = await timed(async () => {
        const posted = await fetch(`${base}/api/ingest/radar`, {
          method: 'POST',
          headers: { 'x-feed-key': key, 'content-type': 'application/x-hdf5' },
          body: bytes,
        });
        if (!posted.ok) throw new Error(`ingest ${posted.status} ${await posted.text()}`);
        const { product, time } = await posted.json();
        const img = await fetch(`${base}/api/radar_img?product=${product}&time=${time}`, { headers: auth });
        return { status: img.status, bytes: (await img.arrayBuffer()).byteLength };
      });
      if (res.status !== 200) throw new Error(`radar_img ${res.status}`);
      // The first frame also starts the HDF5 library and projects the grid (kept for the later frames).
      if (k === 0) console.log(`  first frame after start: ${ms.toFixed(0)} ms (PNG ${res.bytes} B)`);
      else firstPng.push(ms);
    }
    const latest = `${base}/api/radar_img?product=rv_top_view`;
    const etag = (await fetch(latest, { headers: auth })).headers.get('etag');
    const full = [];
    const notModified = [];
    const baseline = [];
    for (let i = 0; i < READS; i++) {
      full.push((await timed(async () => (await fetch(latest, { headers: auth })).arrayBuffer()))[0]);
      notModified.push(
        (
          await timed(async () =>
            (await fetch(latest, { headers: { ...auth, 'if-none-match': etag } })).arrayBuffer(),
          )
        )[0],
      );
      baseline.push(
        (
          await timed(async () => (await fetch(`${base}/api/map_config`, { headers: auth })).arrayBuffer())
        )[0],
      );
    }
    const p95 = (xs) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        0.95,
      );
    console.log(`  ingest → first PNG served: ${fmt(firstPng)}   (target < 1000 ms)`);
    console.log(`  cached PNG, 200 with body: ${fmt(full)}   (target p95 < 20 ms)`);
    console.log(`  cached PNG, 304:           ${fmt(notModified)}`);
    console.log(`  baseline GET /api/map_config: ${fmt(baseline)}`);
    console.log(`  ratio cached PNG p95 / baseline p95: ${(p95(full) / p95(baseline)).toFixed(2)}`);
    await mosaicFigures(base, key, auth);
  } finally {
    await app.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run() {
  await benchOn('embedded', await openEmbedded({ dataDir: null }));
  const scratch = await scratchPostgres('tw_bench_radar');
  if (scratch) {
    try {
      await benchOn('postgres', openPostgres(scratch.url, 10));
    } finally {
      await scratch.drop();
    }
  }
}
