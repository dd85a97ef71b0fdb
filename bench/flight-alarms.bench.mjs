// The flight alarm cycle with 5,000 aircraft reporting every 5 s (the last 2 minutes: 120,000 positions) in a
// 4° × 4° box around Baiyun, 50 storm cells, and 3 airport locations of which one is at level ≥ 2 (the usual
// case in a storm: few airports in warning). One cycle reads the airports, the aircraft within 50 km of the
// one in warning with their hazard, and writes the alarms of those inside a cell. Baseline in the same run:
// judging the whole feed (`/api/flight/flights` over the box), what a check of every aircraft would read.
// Target: a cycle well under the 10 s it runs every, and below the baseline.

import { performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { FlightAlarmRules } from '../apps/server/dist/modules/aviation/flights/flight-alarm-rules.js';
import { FlightAlarmsRepo } from '../apps/server/dist/modules/aviation/flights/flight-alarms-repo.js';
import { SiteAlarmEvaluation } from '../apps/server/dist/modules/warnings/alarms/site-alarm-evaluation.js';
import { SiteAlarmsRepo } from '../apps/server/dist/modules/warnings/alarms/site-alarms-repo.js';
import { createRandom } from '../packages/domain/dist/common/random.js';
import { appOn, openPostgres, scratchPostgres } from './lib.mjs';

const AIRCRAFT = 5000;
const CELLS = 50;
const CYCLES = 10;
const BOX = { west: 111.3, south: 21.4, east: 115.3, north: 25.4 };
const AIRPORTS = [
  { name: 'Baiyun', lat: 23.3924, lon: 113.2988, level: 2 },
  { name: "Bao'an", lat: 22.6393, lon: 113.8107, level: 1 },
  { name: 'Jinwan', lat: 22.0064, lon: 113.376, level: 0 },
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(label, db) {
  const app = await appOn(db, { SIMULATOR: 'off' });
  // The app's own cycle (real levels: none here) would clear what this one raises.
  await app.services.alarmEvaluator.stop();
  const now = Date.now();
  const rand = createRandom(7);
  const group = Number((await db.query('SELECT id FROM groups ORDER BY id LIMIT 1')).rows[0].id);
  const ids = new Map();
  for (const a of AIRPORTS) {
    const r = await db.query(
      `INSERT INTO locations (group_id, name, shape, time_zone, rings, is_airport)
       VALUES ($1, $2, $3::jsonb, 'Asia/Shanghai', '[]'::jsonb, true) RETURNING id::float8 AS id`,
      [group, a.name, JSON.stringify({ type: 'Point', coordinates: [a.lon, a.lat] })],
    );
    ids.set(r.rows[0].id, a.level);
  }
  const cells = Array.from({ length: CELLS }, (_, i) => {
    const lat = rand.uniform(BOX.south + 0.3, BOX.north - 0.3);
    const lon = rand.uniform(BOX.west + 0.3, BOX.east - 0.3);
    const r = rand.uniform(0.03, 0.08);
    const ring = Array.from({ length: 12 }, (_, k) => {
      const a = (k / 12) * 2 * Math.PI;
      return [lon + r * Math.cos(a), lat + r * Math.sin(a)];
    });
    ring.push(ring[0]);
    return {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { id: `c${i}`, centroid: [lon, lat] },
    };
  });
  await db.query('INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, $2::jsonb, $3, 0)', [
    new Date(now - 60_000),
    JSON.stringify(cells),
    CELLS,
  ]);
  const planes = Array.from({ length: AIRCRAFT }, (_, i) => ({
    icao24: (0x780000 + i).toString(16),
    lat: rand.uniform(BOX.south, BOX.north),
    lon: rand.uniform(BOX.west, BOX.east),
  }));
  for (let t = now - 115_000; t <= now; t += 5000) {
    await app.services.flights.store(
      'bench',
      planes.map((p) => ({
        icao24: p.icao24,
        timeMs: t,
        lat: p.lat,
        lon: p.lon,
        altitudeM: 3000,
        onGround: false,
        speedMs: 120,
        trackDeg: 90,
        verticalRateMs: 0,
        callsign: null,
        squawk: null,
      })),
    );
  }
  let delivered = 0;
  const alarms = new SiteAlarmEvaluation(
    new FlightAlarmRules({
      airports: new FlightAlarmsRepo(db),
      flights: app.services.flights,
      levels: async () => (id) => ids.get(id) ?? 0,
    }),
    {
      db,
      alarms: new SiteAlarmsRepo(db),
      outbox: { enqueueEvents: async (_tx, _kind, raised) => (delivered += raised.length), committed() {} },
    },
  );
  const cycle = [];
  const whole = [];
  let raised = 0;
  for (let c = 0; c < CYCLES; c++) {
    let t0 = performance.now();
    const r = await alarms.evaluate(new Date(now));
    raised += r.raised;
    if (process.env.BENCH_DEBUG) console.log(r);
    cycle.push(performance.now() - t0);
    t0 = performance.now();
    await app.services.flights.aircraftAt({
      bbox: Object.values(BOX).join(','),
      time: new Date(now).toISOString(),
    });
    whole.push(performance.now() - t0);
  }
  console.log(
    `${label}: ${AIRCRAFT} aircraft (${AIRCRAFT * 24} positions), ${CELLS} cells, ${AIRPORTS.length} airports (1 at level 2): ` +
      `alarm cycle median ${median(cycle).toFixed(1)} ms (alarms raised ${raised} in ${CYCLES} cycles: once each); ` +
      `baseline judging the whole feed ${median(whole).toFixed(1)} ms (${(median(whole) / median(cycle)).toFixed(1)}×)`,
  );
  await app.close();
  await db.close();
}

export async function run() {
  const scratch = await scratchPostgres('tw_bench_flight_alarms');
  if (scratch) {
    await measure('postgres', openPostgres(scratch.url));
    await scratch.drop();
  } else console.log('postgres: skipped (DATABASE_URL not set)');
  await measure('embedded', await openEmbedded({ dataDir: null }));
}
