// The flights' hazard cycle: 5,000 aircraft (an OpenSky box around a busy hub updated every 5 s) judged
// against the last 5 minutes' 2,000 strokes and 50 storm cells (12-vertex polygons ~10 km across), all in a
// 4° × 4° box around Baiyun. One cycle builds the index and classifies every aircraft. Baseline in the same
// run: the brute force (every aircraft against every stroke and every cell). Target: a cycle < 100 ms.

import { performance } from 'node:perf_hooks';
import { HazardIndex } from '../packages/domain/dist/aviation/flight-hazard.js';
import { createRandom } from '../packages/domain/dist/common/random.js';
import { distanceKm } from '../packages/domain/dist/geo/geodesy.js';

const AIRCRAFT = 5000;
const STROKES = 2000;
const CELLS = 50;
const CYCLES = 20;
const TARGET_MS = 100;
const T = Date.UTC(2026, 6, 1, 12, 0);
const BOX = { west: 111.3, south: 21.4, east: 115.3, north: 25.4 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function world(rand) {
  const cells = Array.from({ length: CELLS }, (_, i) => {
    const lat = rand.uniform(BOX.south + 0.3, BOX.north - 0.3);
    const lon = rand.uniform(BOX.west + 0.3, BOX.east - 0.3);
    const r = rand.uniform(0.03, 0.08);
    const ring = Array.from({ length: 12 }, (_, k) => {
      const a = (k / 12) * 2 * Math.PI;
      return [lon + r * Math.cos(a) * rand.uniform(0.7, 1.2), lat + r * Math.sin(a) * rand.uniform(0.7, 1.2)];
    });
    ring.push(ring[0]);
    return { id: `c${i}`, ring, lat, lon };
  });
  // Strokes cluster in the cells, as storms' strokes do.
  const strokes = Array.from({ length: STROKES }, () => {
    const c = cells[Math.floor(rand.uniform(0, CELLS))];
    return {
      lat: c.lat + rand.uniform(-0.1, 0.1),
      lon: c.lon + rand.uniform(-0.1, 0.1),
      timeMs: T - rand.uniform(0, 300_000),
    };
  });
  const aircraft = Array.from({ length: AIRCRAFT }, () => ({
    lat: rand.uniform(BOX.south, BOX.north),
    lon: rand.uniform(BOX.west, BOX.east),
  }));
  return { cells, strokes, aircraft };
}

function cycle({ cells, strokes, aircraft }) {
  const index = new HazardIndex(strokes, cells);
  const counts = { none: 0, near: 0, inside: 0 };
  for (const a of aircraft) counts[index.classify(a.lat, a.lon, T).hazard]++;
  return counts;
}

/** Brute force over strokes (the cells through the same index, which has only them). */
function bruteForce({ cells, strokes, aircraft }) {
  const cellIndex = new HazardIndex([], cells);
  let near = 0;
  for (const a of aircraft) {
    let best = cellIndex.classify(a.lat, a.lon, T).hazard !== 'none' ? 1 : Number.POSITIVE_INFINITY;
    for (const s of strokes) {
      if (s.timeMs <= T - 300_000 || s.timeMs > T) continue;
      const d = distanceKm(a.lat, a.lon, s.lat, s.lon);
      if (d < best) best = d;
    }
    if (best <= 10) near++;
  }
  return near;
}

export async function run() {
  const w = world(createRandom(16));
  cycle(w);
  bruteForce(w);
  const times = [];
  let counts;
  for (let i = 0; i < CYCLES; i++) {
    const t0 = performance.now();
    counts = cycle(w);
    times.push(performance.now() - t0);
  }
  const brute = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const near = bruteForce(w);
    brute.push(performance.now() - t0);
    if (near !== counts.near + counts.inside) throw new Error(`index and brute force disagree: ${near}`);
  }
  const m = median(times);
  const b = median(brute);
  console.log(
    `${AIRCRAFT} aircraft × ${STROKES} strokes × ${CELLS} cells: cycle median ${m.toFixed(1)} ms ` +
      `(target < ${TARGET_MS} ms: ${m < TARGET_MS ? 'met' : 'MISSED'}); brute force ${b.toFixed(0)} ms, ratio ${(b / m).toFixed(1)}×`,
  );
  console.log(`hazards: ${counts.inside} inside, ${counts.near} near, ${counts.none} none`);
}
