// Warning skill of rings alone against rings + field mills on the simulator's storms (a part of
// sensors.bench.mjs): 24 h over the four demo sites (the storms' hotspots, as the live demo steers them), the
// standard rings, replayed through the domain backtest; the mills' field from efm-sim.ts sampled every 10 s
// through the field-mill rule (efm-warning.ts); the level shown is the higher of the two, as the engine shows.

import { simFieldKvm } from '../packages/domain/dist/devices/efm-sim.js';
import { distanceKm } from '../packages/domain/dist/geo/geodesy.js';
import { FlashGrouper } from '../packages/domain/dist/lightning/flash-grouper.js';
import { createLightningSimulator } from '../packages/domain/dist/lightning/simulator.js';
import { Backtest } from '../packages/domain/dist/warnings/backtest.js';
import { DEFAULT_EFM, INITIAL_EFM, nextEfm } from '../packages/domain/dist/warnings/efm-warning.js';
import { computeWarningSkill, warningPeriodsOf } from '../packages/domain/dist/warnings/warning-skill.js';
import { DEFAULT_RINGS } from '../packages/shared/dist/default-rings.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const FROM_MS = Date.UTC(2026, 6, 1, 0);
const TO_MS = FROM_MS + 24 * HOUR;
const SITES = [
  { lat: 23.3924, lon: 113.2988 },
  { lat: 22.575, lon: 114.275 },
  { lat: 23.02, lon: 113.75 },
  { lat: 23.155, lon: 113.347 },
];
const RULES = DEFAULT_RINGS.map((r) => ({
  radiusKm: r.radius_km,
  level: r.level,
  allClearMs: r.all_clear_min * MIN,
  minStrokes: r.min_strokes,
  windowMs: r.window_min * MIN,
  includeIc: r.include_ic,
}));
const INNER = RULES.reduce((a, b) => (b.radiusKm < a.radiusKm ? b : a));

/** Strokes (as the engine takes them) and each site's field-mill level changes over [from − 2 h, to + 2 h). */
function simulate(seed) {
  const start = FROM_MS - 2 * HOUR;
  const sim = createLightningSimulator({ seed, startMs: start, hotspots: SITES });
  let id = 0;
  const grouper = new FlashGrouper({ nextId: () => ++id });
  const strokes = [];
  const efm = SITES.map(() => ({ state: INITIAL_EFM, steps: [] }));
  for (let t = start + MIN; t <= TO_MS + 2 * HOUR; t += MIN) {
    const cells = sim.cells();
    // The minute's field, every 10 s, from the cells as they stood at its start.
    for (let s = t - MIN + 10_000; s <= t; s += 10_000) {
      SITES.forEach((site, i) => {
        const m = efm[i];
        const next = nextEfm(DEFAULT_EFM, m.state, { timeMs: s, kvm: simFieldKvm(site, cells, s) });
        if (next.level !== m.state.level) m.steps.push({ atMs: s, level: next.level });
        m.state = next;
      });
    }
    for (const s of sim.advance(t)) {
      const flashId = grouper.assign({ epochMs: s.epochMs, ns: s.ns, lat: s.lat, lon: s.lon, source: 'sim' });
      strokes.push({
        timeMs: s.epochMs + (s.ns % 1_000_000) / 1e6,
        lat: s.lat,
        lon: s.lon,
        isIc: s.type === 'IC',
        peakKa: s.peakKa,
        flashId,
      });
    }
    grouper.prune(t - 2000);
  }
  return { strokes, efm: efm.map((m) => m.steps) };
}

/** The higher of two level step functions, as changes. */
function higher(a, b) {
  const times = [...new Set([...a, ...b].map((s) => s.atMs))].sort((x, y) => x - y);
  const at = (steps, t) => {
    let level = 0;
    for (const s of steps) if (s.atMs <= t) level = s.level;
    return level;
  };
  return times.map((t) => ({ atMs: t, level: Math.max(at(a, t), at(b, t)) }));
}

function pooled(scores) {
  const sum = (k) => scores.reduce((n, s) => n + s[k], 0);
  const events = sum('events');
  const hits = sum('hits');
  const fa = sum('false_alarms');
  const leads = scores.map((s) => s.median_lead_time_min).filter((x) => x !== null);
  leads.sort((x, y) => x - y);
  return {
    events,
    pod: events ? hits / events : null,
    far: hits + fa ? fa / (hits + fa) : null,
    lead: leads.length ? leads[Math.floor(leads.length / 2)] : null,
  };
}

export function efmSkill(seed = 'efm-skill') {
  const { strokes, efm } = simulate(seed);
  const run = new Backtest(
    SITES.map((p, i) => ({ id: i, shape: { type: 'Point', coordinates: [p.lon, p.lat] }, rules: RULES })),
    { fromMs: FROM_MS, toMs: TO_MS },
  );
  run.feed(strokes);
  const results = run.finish(TO_MS + 2 * HOUR);
  const rings = [];
  const both = [];
  for (const r of results) {
    const site = SITES[r.id];
    const inner = strokes
      .filter(
        (s) => (INNER.includeIc || !s.isIc) && distanceKm(site.lat, site.lon, s.lat, s.lon) <= INNER.radiusKm,
      )
      .map((s) => s.timeMs);
    const score = (steps) =>
      computeWarningSkill({
        eventStrokesMs: inner,
        warnings: warningPeriodsOf(steps, TO_MS + 2 * HOUR),
        fromMs: FROM_MS,
        toMs: TO_MS,
        eventGapMs: INNER.allClearMs,
      });
    rings.push(score(r.steps));
    both.push(score(higher(r.steps, efm[r.id])));
  }
  return { rings: pooled(rings), both: pooled(both) };
}
