// The warning engine alone: 100,000 locations (points and polygons with 10/20/30 km rings) spread over
// China's extent, and a storm-shaped stream of strokes from 40 cells over South China. Targets: ≥ 200,000 strokes/s through the spatial index, ≥ 100× a
// naive scan of every location measured in the same run, and < 200 MB for 100k locations.
// BENCH_ENGINE_LOCATIONS and BENCH_ENGINE_STROKES shrink or grow the run.

import { performance } from 'node:perf_hooks';
import { createRandom } from '../packages/domain/dist/common/random.js';
import { WarningEngineCore } from '../packages/domain/dist/warnings/warning-engine.js';

const LOCATIONS = Number(process.env.BENCH_ENGINE_LOCATIONS ?? 100_000);
const STROKES = Number(process.env.BENCH_ENGINE_STROKES ?? 1_000_000);
const NAIVE_STROKES = 200;
const MIN = 60_000;
const RULES = [10, 20, 30].map((radiusKm, i) => ({
  radiusKm,
  level: 3 - i,
  allClearMs: 30 * MIN,
  minStrokes: 1,
  windowMs: MIN,
  includeIc: true,
}));

function locations(rand) {
  const out = [];
  for (let id = 1; id <= LOCATIONS; id++) {
    // Spread over China's extent (73–135° E, 18–53° N): a stroke is within 30 km of about 13 of them.
    const lat = 18 + rand() * 35;
    const lon = 73 + rand() * 62;
    if (id % 10 === 0) {
      // Every tenth site is a small polygon (a plant or an airfield), about 2 × 2 km.
      const d = 0.01;
      out.push({
        id,
        shape: {
          type: 'Polygon',
          coordinates: [
            [
              [lon - d, lat - d],
              [lon + d, lat - d],
              [lon + d, lat + d],
              [lon - d, lat + d],
              [lon - d, lat - d],
            ],
          ],
        },
        rules: RULES,
      });
    } else out.push({ id, shape: { type: 'Point', coordinates: [lon, lat] }, rules: RULES });
  }
  return out;
}

/** Strokes around 40 storm cells drifting east; one stroke every 5 ms of simulated time. */
function strokes(rand, n, t0) {
  const cells = Array.from({ length: 40 }, () => ({ lat: 20 + rand() * 10, lon: 104 + rand() * 16 }));
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const c = cells[i % cells.length];
    const timeMs = t0 + i * 5;
    const drift = (i * 5) / 3_600_000; // about 1° per hour
    out[i] = {
      timeMs,
      lat: c.lat + (rand() - 0.5) * 0.3,
      lon: c.lon + drift + (rand() - 0.5) * 0.3,
      isIc: rand() < 0.3,
    };
  }
  return out;
}

function seeded(seed) {
  const r = createRandom(seed);
  return () => r.next();
}

export async function run() {
  const r = createRandom(20261121);
  const rand = () => r.next();
  // The index keeps its numbers in typed arrays, outside the JS heap: count both.
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  global.gc?.();
  const heapBefore = used();
  const engine = new WarningEngineCore();
  const sites = locations(rand);
  const t0 = Date.UTC(2026, 6, 1, 8);
  const loadStart = performance.now();
  for (const l of sites) engine.upsert(l, undefined, t0);
  const loadMs = performance.now() - loadStart;
  global.gc?.();
  const heapMb = (used() - heapBefore) / 2 ** 20;

  const stream = strokes(rand, STROKES, t0);
  const batch = 1000;
  let events = 0;
  const start = performance.now();
  for (let i = 0; i < stream.length; i += batch) {
    const part = stream.slice(i, i + batch);
    for (const u of engine.process(part, part[part.length - 1].timeMs)) events += u.events.length;
  }
  const indexed = STROKES / ((performance.now() - start) / 1000);

  // The baseline: the same engine measuring every stroke against all locations.
  const naive = new WarningEngineCore();
  for (const l of sites) naive.upsert(l, undefined, t0);
  const sample = strokes(seeded(7), NAIVE_STROKES, t0);
  const naiveStart = performance.now();
  naive.processNaive(sample, sample[sample.length - 1].timeMs);
  const naiveRate = NAIVE_STROKES / ((performance.now() - naiveStart) / 1000);

  // Same answers: the index never misses a location the scan finds.
  const a = new WarningEngineCore();
  const b = new WarningEngineCore();
  for (const l of sites) {
    a.upsert(l, undefined, t0);
    b.upsert(l, undefined, t0);
  }
  const check = strokes(seeded(11), 100, t0);
  const ids = (updates) =>
    updates
      .map((u) => u.id)
      .sort((x, y) => x - y)
      .join(',');
  const same = ids(a.process(check, t0 + MIN)) === ids(b.processNaive(check, t0 + MIN));

  console.log(
    `locations: ${LOCATIONS.toLocaleString()} (load ${loadMs.toFixed(0)} ms, memory ${heapMb.toFixed(0)} MB heap + typed arrays)`,
  );
  console.log(
    `indexed:   ${Math.round(indexed).toLocaleString()} strokes/s over ${STROKES.toLocaleString()} strokes (${events.toLocaleString()} level changes)`,
  );
  console.log(
    `naive:     ${Math.round(naiveRate).toLocaleString()} strokes/s (scan of all locations, ${NAIVE_STROKES} strokes)`,
  );
  console.log(`ratio:     ${(indexed / naiveRate).toFixed(0)}× the naive scan; same locations hit: ${same}`);
  const ok = indexed >= 200_000 && indexed / naiveRate >= 100 && heapMb < 200 && same;
  console.log(ok ? 'targets met' : 'TARGETS MISSED (≥ 200,000/s, ≥ 100×, < 200 MB, same results)');
}
