// What a duty officer meets when a map opens: in Chromium with software WebGL (SwiftShader) on this machine,
// the demo's last 24 hours of strokes and every default layer, a cold cache (a new browser context) and a warm
// one (the same context, opened again).
//
// Targets:
// - Home: first strokes drawn ≤ 2 s after navigation warm, ≤ 4 s cold; total blocking time (the part of each
//   main-thread task over 50 ms) over the first 10 s ≤ 500 ms; no task over 200 ms after the first paint; the
//   socket stays connected meanwhile.
// - Every other map screen: the map drawn with its data ≤ 2 s warm.
// - A layer switch shows its data ≤ 500 ms after its data arrives and never blocks over 100 ms.
//
// `MAP_OPEN_BASELINE=/path/to/other/checkout` (built: `npx tsc -b && npm run build -w apps/web`) measures it
// in the same run, one after the other, for the ratio. The servers and the browser talk only to loopback.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { api, freePort } from './lib.mjs';
import { homeLayerSwitches, measureOpen, screenOpen } from './map-open-probes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Bench!Pass2026';
const ROUNDS = Number(process.env.BENCH_MAP_OPEN_ROUNDS ?? 2);
/** What is measured: `MAP_OPEN_PARTS=layers` (comma-separated: home, screens, layers) for a part alone. */
const PARTS = new Set((process.env.MAP_OPEN_PARTS ?? 'home,screens,layers').split(','));
/** The map screens beside home, each opened warm (after a first, cold visit). */
const SCREENS = ['/location', '/geometry', '/device', '/decision', '/wave', '/statistics_query'];
/** Home's layers switched on one at a time (off again after). */
const LAYERS = ['radar', 'cells', 'density', 'typhoons', 'sensors', 'flights', 'weather_warnings'];

async function startDemo(root) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-map-open-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    SIMULATOR: 'on',
    SIMULATOR_SEED: '20260712',
    SIMULATOR_BACKFILL_MIN: String(24 * 60),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env,
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error(`${root}: the server did not start`);
    try {
      if ((await fetch(`${base}/api/comp_info`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  const { access } = await api(base, null, 'POST', '/api/login', { username: 'admin', password: PASSWORD });
  // The backfill is done when the day's strokes stop growing but for the live minute's.
  let last = -1;
  for (let i = 0; i < 120; i++) {
    const from = new Date(Date.now() - 24 * 3600_000).toISOString();
    const { items } = await api(
      base,
      access,
      'GET',
      `/api/lightning?from=${from}&format=compact&limit=100000`,
    );
    const total = items.length;
    if (total > 0 && total - last < 50) break;
    last = total;
    await new Promise((r) => setTimeout(r, 2000));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As the end-to-end tests run it: software WebGL and software compositing, as a desk PC without a GPU.
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-gpu-compositing',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const worst = (xs) => (xs.some((x) => x === null) ? null : Math.max(...xs));
const ms = (x) => (x === null ? 'never' : `${Math.round(x)} ms`);

async function measureCheckout(root) {
  const demo = await startDemo(root);
  const browser = await launch();
  const { access, refresh } = await api(demo.base, null, 'POST', '/api/login', {
    username: 'admin',
    password: PASSWORD,
  });
  const figures = { home: { cold: [], warm: [] }, screens: {}, layers: {} };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
      await context.addInitScript(
        ([a, r]) => {
          localStorage.setItem('access', a);
          localStorage.setItem('refresh', r);
        },
        [access, refresh],
      );
      const page = await context.newPage();
      if (PARTS.has('home')) {
        figures.home.cold.push(await measureOpen(page, `${demo.base}/`));
        figures.home.warm.push(await measureOpen(page, `${demo.base}/`));
      }
      if (round === 0 && PARTS.has('screens')) {
        for (const route of SCREENS) {
          await screenOpen(page, `${demo.base}${route}`); // cold: its chunks and data for the first time
          figures.screens[route] = await screenOpen(page, `${demo.base}${route}`);
        }
      }
      if (round === 0 && PARTS.has('layers'))
        figures.layers = await homeLayerSwitches(page, `${demo.base}/`, LAYERS);
      await context.close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
  return figures;
}

function report(label, f) {
  const home = (k) => f.home[k];
  const line = (k, target) => {
    const runs = home(k);
    const first = worst(runs.map((r) => r.firstStrokes));
    const tbt = Math.max(...runs.map((r) => r.tbt10));
    const longest = Math.max(...runs.map((r) => r.longestAfterPaint));
    const drops = runs.reduce((n, r) => n + r.socketDrops, 0);
    const met = first !== null && first <= target && tbt <= 500 && longest <= 200 && drops === 0;
    const each = (pick) => runs.map((r) => (pick(r) === null ? 'never' : Math.round(pick(r)))).join('/');
    return `  home ${k}: first strokes ${ms(first)} (≤ ${target}), TBT 10 s ${ms(tbt)} (≤ 500), longest task after first paint ${ms(longest)} (≤ 200), socket drops ${drops} (0) — ${met ? 'met' : 'NOT met'}\n    each round: first strokes ${each((r) => r.firstStrokes)} ms, TBT ${each((r) => r.tbt10)} ms, longest ${each((r) => r.longestAfterPaint)} ms`;
  };
  console.log(`map-open [${label}] (worst of ${ROUNDS} rounds)`);
  if (PARTS.has('home')) {
    console.log(line('warm', 2000));
    console.log(line('cold', 4000));
  }
  for (const [route, r] of Object.entries(f.screens))
    console.log(
      `  ${route}: drawn with its data ${ms(r.drawn)} warm (≤ 2000), longest task ${ms(r.longest)} — ${r.drawn !== null && r.drawn <= 2000 ? 'met' : 'NOT met'}`,
    );
  for (const [layer, r] of Object.entries(f.layers))
    console.log(
      `  layer ${layer}: data ${ms(r.dataAt)} after the click, shown ${ms(r.shownAfterData)} after its data (≤ 500), longest task ${ms(r.longest)} (≤ 100) — ${r.shownAfterData !== null && r.shownAfterData <= 500 && r.longest <= 100 ? 'met' : 'NOT met'}`,
    );
  return {
    warm: median(f.home.warm.map((r) => r.firstStrokes)),
    tbt: median(f.home.warm.map((r) => r.tbt10)),
  };
}

export async function run() {
  const ours = report('this checkout', await measureCheckout(ROOT));
  const baselineRoot = process.env.MAP_OPEN_BASELINE;
  if (!baselineRoot) {
    console.log('map-open: no MAP_OPEN_BASELINE set: no baseline measured in this run');
    return;
  }
  const base = report(`baseline ${baselineRoot}`, await measureCheckout(path.resolve(baselineRoot)));
  if (!PARTS.has('home')) return;
  console.log(
    `map-open: home warm first strokes ${ms(ours.warm)} vs ${ms(base.warm)}; TBT ${ms(ours.tbt)} vs ${ms(base.tbt)} (medians)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
