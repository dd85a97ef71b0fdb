// The demo over an afternoon, on simulated time: what the four demo sites show for six hours after `npm start`
// at several times of day, with the simulator's seed and backfill as configured (SIMULATOR_SEED,
// SIMULATOR_BACKFILL_MIN), the demo group's sites and the rings the first start gives them, the world set up
// as the feed sets it up, and the warning engine's own rules (packages/domain `lightning/demo-day.ts`, which
// the unit tests read too). No server, no database. Per site: the share of time red and clear, the whole
// cycles (yellow → orange → red → all-clear, with their minutes) and the longest red spell; per start time,
// the share of time two or more sites are red at once. Then every start hour of a day for a few seeds: the
// worst of each figure. Targets: red ≤ 25 % and ≥ 1 whole cycle per site, ≥ 2 sites red rarely.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/dist/config.js';
import { simulatorWorldStart } from '../apps/server/dist/pipeline/feeds/simulator-feed.js';
import { measureDemoFlightMessages } from '../packages/domain/dist/aviation/demo-flight-messages.js';
import { simTraffic } from '../packages/domain/dist/aviation/flight-sim.js';
import { measureDemoDay } from '../packages/domain/dist/lightning/demo-day.js';
import {
  DEMO_SITES as DEMO_LOCATIONS,
  demoSitesWithRings,
} from '../packages/domain/dist/lightning/demo-sites.js';

const HOUR = 3_600_000;
const WINDOW_MS = 6 * HOUR;
/** Beijing time (UTC+8), on a summer day. */
const BEIJING_MS = 8 * HOUR;
const DAY_MS = Date.UTC(2026, 6, 12) - BEIJING_MS;

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const clock = (ms) => new Date(ms + BEIJING_MS).toISOString().slice(11, 16);

function day(seed, backfillMin, startMs) {
  const sites = demoSitesWithRings();
  return measureDemoDay({
    seed,
    worldStartMs: simulatorWorldStart(startMs, backfillMin),
    fromMs: startMs,
    toMs: startMs + WINDOW_MS,
    sites,
    redAtMs: startMs,
  });
}

export async function run() {
  const { seed, backfillMin } = loadConfig({ ...process.env, LOG_LEVEL: 'silent' }).simulator;
  const names = DEMO_LOCATIONS.map((l) => l.name.replace(/^.*\((.*)\)$/, '$1'));
  console.log(`seed ${seed}, backfill ${backfillMin} min, six hours from each start (Beijing time)`);
  for (const hour of [0, 6, 13, 19]) {
    const startMs = DAY_MS + hour * HOUR;
    const t0 = performance.now();
    const d = day(seed, backfillMin, startMs);
    const ms = performance.now() - t0;
    console.log(
      `\nnpm start at ${clock(startMs)}: ≥ 2 sites red ${pct(d.twoOrMoreRedShare)} of the time ` +
        `(${d.strokes.toLocaleString('en')} strokes through the engine in ${ms.toFixed(0)} ms)`,
    );
    console.table(
      d.sites.map((s) => ({
        site: names[s.id - 1],
        red: pct(s.redShare),
        clear: pct(s.levelShare[0]),
        'full cycles': s.fullCycles,
        'cycle min': s.cycleMin.map((m) => m.toFixed(0)).join(', '),
        'longest red min': s.longestRedMin.toFixed(0),
        'episodes (straight to red)': `${s.episodes} (${s.straightToRed})`,
      })),
    );
  }

  // Every start hour of a day (at 17 past, as a real start falls), for this seed and four more.
  const seeds = [seed, 1, 2, 3, 'demo'];
  let windows = 0;
  let worstRed = 0;
  let fewestCycles = Number.POSITIVE_INFINITY;
  let worstTwo = 0;
  let twoSum = 0;
  let longest = 0;
  let longestCycle = 0;
  let redSum = 0;
  let clearSum = 0;
  let failed = 0;
  const t0 = performance.now();
  for (const s of seeds) {
    for (let hour = 0; hour < 24; hour++) {
      const d = day(s, backfillMin, DAY_MS + hour * HOUR + 17 * 60_000);
      windows++;
      twoSum += d.twoOrMoreRedShare;
      worstTwo = Math.max(worstTwo, d.twoOrMoreRedShare);
      let bad = d.twoOrMoreRedShare > 0.05;
      for (const site of d.sites) {
        worstRed = Math.max(worstRed, site.redShare);
        fewestCycles = Math.min(fewestCycles, site.fullCycles);
        longest = Math.max(longest, site.longestRedMin);
        longestCycle = Math.max(longestCycle, ...site.cycleMin);
        redSum += site.redShare;
        clearSum += site.levelShare[0];
        if (site.redShare > 0.25 || site.fullCycles < 1) bad = true;
      }
      if (bad) failed++;
    }
  }
  const perSite = windows * DEMO_LOCATIONS.length;
  console.log(
    `\n${windows} starts (seeds ${seeds.join(', ')}; every hour at :17) in ${((performance.now() - t0) / 1000).toFixed(1)} s:` +
      ` red ${pct(redSum / perSite)} on average, at worst ${pct(worstRed)}; clear ${pct(clearSum / perSite)} on average;` +
      ` fewest whole cycles at a site ${fewestCycles}, longest cycle ${longestCycle.toFixed(0)} min;` +
      ` longest red spell ${longest.toFixed(0)} min; ≥ 2 sites red ${pct(twoSum / windows)} on average, at worst ${pct(worstTwo)};` +
      ` ${failed} of ${windows} starts miss a target`,
  );

  // The demo airport's flight messages: one per warning episode, at most one push per 15 min (target: ≤ 4
  // messages in any airport-hour), on the demo's traffic and on six times it.
  const airportId = 1 + DEMO_LOCATIONS.findIndex((l) => l.airportIcao !== undefined);
  const busy = (t) =>
    [0, 1, 2, 3, 4, 5].flatMap((k) =>
      simTraffic(t + k * 20_000).map((p) => ({
        ...p,
        icao24: (Number.parseInt(p.icao24, 16) + k * 0x1000).toString(16),
      })),
    );
  const rows = [];
  for (const [traffic, name] of [
    [simTraffic, 'demo traffic'],
    [busy, '6 × demo traffic'],
  ]) {
    for (const hour of [0, 6, 13, 19]) {
      const startMs = DAY_MS + hour * HOUR + 17 * 60_000;
      const f = measureDemoFlightMessages({
        seed,
        worldStartMs: simulatorWorldStart(startMs, backfillMin),
        fromMs: startMs,
        toMs: startMs + WINDOW_MS,
        sites: demoSitesWithRings(),
        airportId,
        redAtMs: startMs,
        traffic,
      });
      rows.push({
        traffic: name,
        start: clock(startMs),
        'flight alarms': f.alarms,
        messages: f.messages,
        pushed: f.pushes,
        'in app only': f.inAppOnly,
        'joined a message': f.joined,
        'most messages in an hour': Math.max(...f.perHour.map((h) => h.messages)),
      });
    }
  }
  console.log(`\n${names[airportId - 1]}: flight messages over six hours (per airport-hour target ≤ 4)`);
  console.table(rows);
}
