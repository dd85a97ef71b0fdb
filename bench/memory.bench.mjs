// Memory of a server process as `npm start` runs it (embedded database in a fresh data directory, the
// simulator on), sampled from /proc every 100 ms through: start; 150,000 strokes ingested over the last
// hour; 16 concurrent heavy reads (pages of 100,000 strokes as JSON, GeoJSON and compact, a 0.01° density
// grid) for 5 rounds; then BENCH_HTTP_FUZZ (default 10,000) random requests to every route, 4 at a time,
// which must never answer an undocumented 5xx. Reports the resident set at the end of each phase and its
// peak. With DATABASE_URL set it runs again on PostgreSQL with the heavy-read gate at its default (2) and
// opened to 16: there, unlike the embedded database's one connection, the pool lets 16 reads hold their
// pages at once, and the gate is what bounds the peak.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as fc from 'fast-check';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { answerProblem, fuzzRequests, fuzzRoutes } from '../apps/server/dist/test/http-fuzz-cases.js';
import { api, appOn, freePort, scratchPostgres } from './lib.mjs';

const PASSWORD = 'Bench-memory-2026';
const FILL = 150_000;
const FUZZ = Number(process.env.BENCH_HTTP_FUZZ ?? 10_000);
const HEAVY = [
  '/api/lightning?limit=100000',
  '/api/lightning?limit=100000&format=geojson',
  '/api/hourly_lightning_density?resolution=0.01&bbox=100,15,125,30',
  '/api/lightning?limit=100000&format=compact',
];
const MB = 1024 * 1024;

/** The routes of the server (read from an app built in this process on a throwaway database). */
async function routes() {
  const db = await openEmbedded({ dataDir: null });
  const app = await appOn(db, { SIMULATOR: 'off' });
  const all = fuzzRoutes(app.routeTable);
  await app.close();
  await db.close();
  return all;
}

export async function run() {
  const all = await routes();
  await runOne('embedded database', all, {});
  if (!process.env.DATABASE_URL) {
    console.log('PostgreSQL runs skipped: DATABASE_URL is not set');
    return;
  }
  for (const heavyReads of ['2', '16']) {
    const db = await scratchPostgres('tw_bench_memory');
    try {
      await runOne(
        `PostgreSQL, HEAVY_READS=${heavyReads}`,
        all,
        { DATABASE_URL: db.url, HEAVY_READS: heavyReads },
        heavyReads === '2',
      );
    } finally {
      await db.drop();
    }
  }
}

async function runOne(label, all, env, fuzz = true) {
  console.log(`### ${label}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-memory-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rss = async () =>
    Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024;
  let peak = 0;
  const sampler = setInterval(() => {
    rss()
      .then((r) => {
        peak = Math.max(peak, r);
      })
      .catch(() => {});
  }, 100);
  const base = `http://127.0.0.1:${port}`;
  const phases = [];
  const phase = async (name) => {
    phases.push({ name, end: await rss(), peak });
    peak = 0;
  };
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('the server did not become ready in 60 s');
      const ok = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await phase('start (initdb, migrations, simulator backfill)');
    const { access: token } = await api(base, null, 'POST', '/api/login', {
      username: 'admin',
      password: PASSWORD,
    });
    const feed = await api(base, token, 'POST', '/api/feeds/', { name: 'bench-memory' });
    for (let done = 0; done < FILL; done += 5000) {
      const batch = Array.from({ length: 5000 }, () => ({
        time: new Date(Date.now() - 1000 - Math.random() * 55 * 60_000).toISOString(),
        lat: 20 + Math.random() * 5,
        lon: 110 + Math.random() * 5,
        peak_ka: -10 - Math.random() * 30,
        type: 'CG',
      }));
      await api(base, null, 'POST', '/api/ingest/strokes', batch, { 'x-feed-key': feed.key });
    }
    await new Promise((r) => setTimeout(r, 5000));
    await phase(`${FILL.toLocaleString('en')} strokes ingested`);

    const statuses = {};
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 16 }, async (_, k) => {
          const res = await fetch(base + HEAVY[k % HEAVY.length], {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }),
      );
    }
    await phase(`16 concurrent heavy reads × 5 rounds (answers ${JSON.stringify(statuses)})`);

    const requests = fuzz ? fc.sample(fuzzRequests(fc, all), { numRuns: FUZZ, seed: 20261124 }) : [];
    const problems = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < requests.length) {
          const r = requests[next++];
          const res = await fetch(base + r.url, {
            method: r.method,
            headers: { authorization: `Bearer ${token}`, ...(r.body ? { 'content-type': r.body.type } : {}) },
            body: r.body?.payload,
          });
          const body = await res.text();
          const problem = answerProblem(res.status, res.headers.get('content-type') ?? '', body);
          if (problem) problems.push(`${r}: ${problem}: ${body.slice(0, 200)}`);
        }
      }),
    );
    if (fuzz) {
      await phase(
        `${FUZZ.toLocaleString('en')} random requests to ${all.length} routes (${problems.length} problems)`,
      );
    }
    for (const p of problems.slice(0, 10)) console.log(`  problem: ${p}`);
    if (problems.length > 0) process.exitCode = 1;
    await new Promise((r) => setTimeout(r, 10_000));
    await phase('10 s later');
    for (const p of phases) {
      console.log(
        `${p.name}: RSS ${(p.end / MB).toFixed(0)} MB at the end, peak ${(p.peak / MB).toFixed(0)} MB`,
      );
    }
    console.log(`peak over the run: ${(Math.max(...phases.map((p) => p.peak)) / MB).toFixed(0)} MB`);
  } finally {
    clearInterval(sampler);
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}
