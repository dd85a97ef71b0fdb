// Warning skill, rings alone against rings + predicted warnings (lightning jumps and cell nowcasts), on the
// simulator's storms: 24 h over 50 sites spread over the simulator's region (storms steered across them as
// the live demo steers them), the standard rings 10/20/30 km, replayed through the domain backtest (the same
// code as POST /api/warning/backtest). POD, FAR, CSI and the median lead time are pooled over the sites
// (events, hits and false alarms summed; the median over every hit's lead time). Target: lead time +10 min
// with FAR no worse than +0.1. Then the prediction's settings tried besides the default, each named.
//
// The upper bound: no warning drawn from lightning can begin before the storm's first flash. For each event
// the simulator's cell that brought its first stroke (the cell whose centre is nearest that stroke) is known,
// and so is that cell's first flash anywhere: warning then, at every event, is the best any lightning-based
// predictor could do. Its median lead is printed beside the rings'; a target beyond it cannot be met on
// these storms by any rule fed by lightning.
//
// Tuning tried (seeds skill-bench, seed2, seed3; `SKILL_SEED=… node bench/run.mjs skill`): the default
// predicts at the outermost ring's level, yellow, which the skill never counts (its warnings are levels ≥ 2),
// so it scores as rings alone by construction; orange predictions with jump ranges 20, 40 and 60 km, and
// all-clear 15, 30 and 60 min. Nowcast threats were tried at the +30, +45 and +60 min nowcast, reaching the
// site or coming within 5 or 10 km of it, with and without the activity and trend conditions: the +30 min
// nowcast reaching the site from an active (≥ 2 flashes/min), non-decaying cell warned the events of
// travelling storms some 10–18 min earlier with the least FAR, and is the rule; longer leads or wider
// margins added false alarms faster than lead.
//
// The rules advisor, held out: its grid of ring sets is replayed over each site, every set judged
// against the default rings' events (10 km, 30 min); the advisor's default objective (POD ≥ 0.8 with the
// least time under warning) picks a set per site on one half of the day, and the pick is scored against the
// defaults on the other half (then the halves swapped). The pick's figures on the half it was chosen on are
// printed beside them: the gap between the two is what fitting gains and skill does not.
import { performance } from 'node:perf_hooks';
import { distanceKm } from '../packages/domain/dist/geo/geodesy.js';
import { FlashGrouper } from '../packages/domain/dist/lightning/flash-grouper.js';
import { createLightningSimulator, DEFAULT_REGION } from '../packages/domain/dist/lightning/simulator.js';
import { Backtest } from '../packages/domain/dist/warnings/backtest.js';
import { predictAllClearMs } from '../packages/domain/dist/warnings/predicted-warning.js';
import { ringRulesOf } from '../packages/domain/dist/warnings/ring-rules.js';
import { adviceGrid, recommend, warningMinutes } from '../packages/domain/dist/warnings/rules-grid.js';
import { eventStarts, leadBefore, quantile } from '../packages/domain/dist/warnings/warning-skill.js';
import { DEFAULT_RINGS } from '../packages/shared/dist/default-rings.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const SEED = process.env.SKILL_SEED ?? 'skill-bench';
const FROM_MS = Date.UTC(2026, 6, 1, 0);
const TO_MS = FROM_MS + DAY;
/** Strokes from before the window (the tracker's and the rings' warm-up) and after it (follow-up). */
const LEAD_IN_MS = 2 * HOUR;
const FOLLOW_MS = 2 * HOUR;

const RULES = DEFAULT_RINGS.map((r) => ({
  radiusKm: r.radius_km,
  level: r.level,
  allClearMs: r.all_clear_min * MIN,
  minStrokes: r.min_strokes,
  windowMs: r.window_min * MIN,
  includeIc: r.include_ic,
}));
const INNER = RULES[0];

/** 50 sites: a 10 × 5 grid inside the region, a degree in from its edges. */
function sitesOf(region) {
  const out = [];
  for (let i = 0; i < 50; i++) {
    const lon = region.west + 1 + ((i % 10) * (region.east - region.west - 2)) / 9;
    const lat = region.south + 1 + (Math.floor(i / 10) * (region.north - region.south - 2)) / 4;
    out.push({ lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 });
  }
  return out;
}

/**
 * The simulator's strokes of [from, to), grouped into flashes as the ingest groups them, each with the
 * simulated cell that made it (the one whose centre is nearest at the end of its minute), and the time of
 * each cell's first stroke.
 */
function simulate(sites, fromMs, toMs) {
  const sim = createLightningSimulator({ seed: SEED, startMs: fromMs, hotspots: sites });
  let id = 0;
  const grouper = new FlashGrouper({ nextId: () => ++id });
  const out = [];
  const firstStrokeMs = new Map();
  for (let t = fromMs + MIN; t <= toMs; t += MIN) {
    const made = sim.advance(t);
    const cells = sim.cells();
    for (const s of made) {
      const flashId = grouper.assign({ epochMs: s.epochMs, ns: s.ns, lat: s.lat, lon: s.lon, source: 'sim' });
      const cellId = nearestCell(cells, s);
      const timeMs = s.epochMs + (s.ns % 1_000_000) / 1e6;
      if (!firstStrokeMs.has(cellId)) firstStrokeMs.set(cellId, timeMs);
      out.push({
        cellId,
        timeMs,
        lat: s.lat,
        lon: s.lon,
        isIc: s.type === 'IC',
        peakKa: s.peakKa,
        flashId,
      });
    }
    grouper.prune(t - 2000);
  }
  return { strokes: out, firstStrokeMs };
}

function nearestCell(cells, s) {
  let best = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const c of cells) {
    const km = distanceKm(s.lat, s.lon, c.lat, c.lon);
    if (km < bestKm) [best, bestKm] = [c.id, km];
  }
  return best;
}

/**
 * The upper bound of lead time (see the header): each event's lead had it been warned at the first stroke
 * of the simulated cell that brought the event's first stroke, or by the rings if they warned earlier
 * (another storm's warning may already hold); the median over every event, and how many events would allow
 * a lead 10 min longer than the rings gave them.
 */
function upperBound(sites, strokes, firstStrokeMs, rings) {
  const leads = [];
  let room = 0;
  const dLat = INNER.radiusKm / 110.5;
  sites.forEach((p, i) => {
    const dLon = dLat / Math.cos((p.lat * Math.PI) / 180);
    const inside = strokes.filter(
      (s) =>
        Math.abs(s.lat - p.lat) <= dLat &&
        Math.abs(s.lon - p.lon) <= dLon &&
        (INNER.includeIc || !s.isIc) &&
        distanceKm(p.lat, p.lon, s.lat, s.lon) <= INNER.radiusKm,
    );
    const cellAt = new Map(inside.map((s) => [s.timeMs, s.cellId]));
    const starts = eventStarts(
      inside.map((s) => s.timeMs),
      INNER.allClearMs,
    ).filter((t) => t >= FROM_MS && t < TO_MS);
    for (const start of starts) {
      const ringLead = rings.byEvent.get(`${i}@${start}`) ?? 0;
      const cellLead = (start - firstStrokeMs.get(cellAt.get(start))) / MIN;
      leads.push(Math.max(ringLead, cellLead));
      if (cellLead >= ringLead + 10) room++;
    }
  });
  return { events: leads.length, lead: quantile(leads, 0.5), p75: quantile(leads, 0.75), room };
}

/** Times of the strokes inside each site's innermost ring (as the skill counts them). */
function innerStrokes(sites, strokes) {
  const dLat = INNER.radiusKm / 110.5;
  return sites.map((p) => {
    const dLon = dLat / Math.cos((p.lat * Math.PI) / 180);
    const out = [];
    for (const s of strokes) {
      if (Math.abs(s.lat - p.lat) > dLat || Math.abs(s.lon - p.lon) > dLon) continue;
      if ((INNER.includeIc || !s.isIc) && distanceKm(p.lat, p.lon, s.lat, s.lon) <= INNER.radiusKm) {
        out.push(s.timeMs);
      }
    }
    return out;
  });
}

/** One backtest of every site; `predict` null: rings alone. */
function replay(sites, strokes, predict) {
  const backtestSites = sites.map((p, i) => ({
    id: i,
    shape: { type: 'Point', coordinates: [p.lon, p.lat] },
    rules: RULES,
    predict: predict && {
      site: p,
      setting: { enabled: true, rangeKm: predict.rangeKm, level: predict.level },
      allClearMs: predict.allClearMs ?? predictAllClearMs(RULES, predict.level),
    },
  }));
  const t0 = performance.now();
  const run = new Backtest(backtestSites, { fromMs: FROM_MS, toMs: TO_MS });
  run.feed(strokes);
  const results = run.finish(TO_MS + FOLLOW_MS);
  return { results, ms: performance.now() - t0, stats: run.trackerStats };
}

/** Scores pooled over the sites, as warning-skill.ts defines them per site. */
function pooled(results, inner) {
  let events = 0;
  let hits = 0;
  let falseAlarms = 0;
  let hitWarnings = 0;
  const leads = [];
  /** Each event's lead (null: failure to warn), by site and start, to compare rule sets event by event. */
  const byEvent = new Map();
  let predictedPeriods = 0;
  for (const r of results) {
    const strokes = inner[r.id];
    const warnings = r.warnings;
    const counted = warnings.filter((w) => w.startMs >= FROM_MS && w.startMs < TO_MS);
    const starts = eventStarts(strokes, INNER.allClearMs).filter((t) => t >= FROM_MS && t < TO_MS);
    const holding = new Set();
    for (const start of starts) {
      const lead = leadBefore(start, warnings);
      byEvent.set(`${r.id}@${start}`, lead);
      if (lead === null) continue;
      leads.push(lead);
      const w = counted.find((p) => p.startMs < start && start < p.endMs);
      if (w) holding.add(w);
    }
    const fa = counted.filter((w) => !strokes.some((t) => t >= w.startMs && t < w.endMs)).length;
    // The per-site figures of the backtest itself: the pooled ones are built from the same definitions.
    if (r.skill.events !== starts.length || r.skill.hits !== holdingHits(starts, warnings)) {
      throw new Error(`site ${r.id}: pooled counts disagree with the backtest's skill`);
    }
    if (r.skill.false_alarms !== fa) throw new Error(`site ${r.id}: false alarms disagree`);
    events += starts.length;
    hits += r.skill.hits;
    falseAlarms += fa;
    hitWarnings += holding.size;
    predictedPeriods += r.steps.filter((s, i) => s.predicted && !r.steps[i - 1]?.predicted).length;
  }
  const ratio = (a, b) => (b === 0 ? null : a / b);
  return {
    events,
    hits,
    falseAlarms,
    pod: ratio(hits, events),
    far: ratio(falseAlarms, hitWarnings + falseAlarms),
    csi: ratio(hits, events + falseAlarms),
    lead: quantile(leads, 0.5),
    predictedPeriods,
    byEvent,
  };
}

/** The events whose lead the prediction changed: how many, and the median gain among them. */
function gained(base, s) {
  const gains = [];
  for (const [key, lead] of s.byEvent) {
    const before = base.byEvent.get(key) ?? null;
    if (lead !== null && lead !== before) gains.push(lead - (before ?? 0));
  }
  if (gains.length === 0) return 'no event warned earlier';
  return `${gains.length} event(s) warned earlier (median +${quantile(gains, 0.5).toFixed(1)} min)`;
}

function holdingHits(starts, warnings) {
  return starts.filter((s) => leadBefore(s, warnings) !== null).length;
}

const f2 = (x) => (x === null ? '—' : x.toFixed(2));
const f1 = (x) => (x === null ? '—' : x.toFixed(1));

function row(name, s, extra = '') {
  return `${name.padEnd(48)} ${String(s.events).padStart(6)} ${String(s.hits).padStart(5)} ${String(s.falseAlarms).padStart(4)} ${f2(s.pod).padStart(5)} ${f2(s.far).padStart(5)} ${f2(s.csi).padStart(5)} ${f1(s.lead).padStart(8)}  ${extra}`;
}

function verdict(base, s) {
  const gain = (s.lead ?? 0) - (base.lead ?? 0);
  const farUp = (s.far ?? 0) - (base.far ?? 0);
  const met = gain >= 10 && farUp <= 0.1;
  return `lead ${gain >= 0 ? '+' : ''}${gain.toFixed(1)} min, FAR ${farUp >= 0 ? '+' : ''}${farUp.toFixed(2)}: target ${met ? 'met' : 'NOT met'}`;
}

export async function run() {
  const region = DEFAULT_REGION;
  const sites = sitesOf(region);
  const t0 = performance.now();
  const { strokes, firstStrokeMs } = simulate(sites, FROM_MS - LEAD_IN_MS, TO_MS + FOLLOW_MS);
  const flashes = new Set(strokes.map((s) => s.flashId)).size;
  console.log(
    `simulator (seed ${SEED}): ${strokes.length.toLocaleString('en')} strokes, ${flashes.toLocaleString('en')} flashes over 28 h (24 h judged) in ${((performance.now() - t0) / 1000).toFixed(1)} s; 50 sites, rings 10/20/30 km (red/orange/yellow, all-clear 30 min)`,
  );
  const inner = innerStrokes(sites, strokes);

  const base = replay(sites, strokes, null);
  const baseSkill = pooled(base.results, inner);
  console.log(`${'rule set'.padEnd(48)} events  hits   FA   POD   FAR   CSI lead(min)`);
  console.log(row('rings alone', baseSkill, `(${(base.ms / 1000).toFixed(1)} s)`));
  const bound = upperBound(sites, strokes, firstStrokeMs, baseSkill);
  console.log(
    `${'upper bound: warned at the storm cell’s first flash'.padEnd(48)} ${String(bound.events).padStart(6)} ${String(bound.events).padStart(5)}    —  1.00     —     — ${f1(bound.lead).padStart(8)}  (p75 ${f1(bound.p75)} min; ${bound.room} of ${bound.events} events could be warned 10 min before the rings warned them; lead + 10 min ${(bound.lead ?? 0) >= (baseSkill.lead ?? 0) + 10 ? 'reachable' : 'out of reach of any lightning-based rule'})`,
  );

  const outer = RULES.at(-1).level;
  const variants = [
    { name: `+ predicted, default (40 km, level ${outer}: outer ring's)`, rangeKm: 40, level: outer },
    { name: '+ predicted, 40 km, orange (2)', rangeKm: 40, level: 2 },
    { name: '+ predicted, 20 km, orange (2)', rangeKm: 20, level: 2 },
    { name: '+ predicted, 60 km, orange (2)', rangeKm: 60, level: 2 },
    { name: '+ predicted, 40 km, orange (2), all-clear 15 min', rangeKm: 40, level: 2, allClearMs: 15 * MIN },
    { name: '+ predicted, 40 km, orange (2), all-clear 60 min', rangeKm: 40, level: 2, allClearMs: 60 * MIN },
  ];
  for (const v of variants) {
    const r = replay(sites, strokes, v);
    const s = pooled(r.results, inner);
    console.log(
      row(
        v.name,
        s,
        `${verdict(baseSkill, s)}; ${s.predictedPeriods} predicted periods, ${gained(baseSkill, s)}; ${r.stats.steps} tracker steps, ${r.stats.jumpingCells} cells jumped and ${r.stats.nowcastCells} more threatened by nowcast in the region, ${(r.ms / 1000).toFixed(1)} s`,
      ),
    );
  }
  heldOut(sites, strokes);
}

/** The advisor's picks, chosen on one half of the day and scored on the other (see the header). */
function heldOut(sites, strokes) {
  const HALF = (TO_MS - FROM_MS) / 2;
  const halves = [
    { name: 'first 12 h', fromMs: FROM_MS, toMs: FROM_MS + HALF },
    { name: 'last 12 h', fromMs: FROM_MS + HALF, toMs: TO_MS },
  ];
  const { sets, currentId } = adviceGrid(DEFAULT_RINGS, { currentPredicted: false, predicted: false });
  const events = { radiusKm: INNER.radiusKm, gapMs: INNER.allClearMs, includeIc: INNER.includeIc };
  const virtual = sites.flatMap((p, i) =>
    sets.map((set, k) => ({
      id: i * 1000 + k + 1,
      shape: { type: 'Point', coordinates: [p.lon, p.lat] },
      rules: ringRulesOf(set.rings),
      events,
    })),
  );
  const t0 = performance.now();
  // Per half: site → set id → its figures.
  const scored = halves.map((h) => {
    const run = new Backtest(virtual, h);
    run.feed(strokes);
    const bySite = sites.map(() => new Map());
    for (const r of run.finish(h.toMs + FOLLOW_MS)) {
      const site = Math.floor((r.id - 1) / 1000);
      const set = sets[(r.id - 1) % 1000];
      bySite[site].set(set.id, {
        id: set.id,
        ...r.skill,
        warning_minutes: warningMinutes(r.warnings, h.fromMs, h.toMs),
      });
    }
    return bySite;
  });
  console.log(
    `rules advisor, held out: ${sets.length} ring sets × 50 sites replayed per half (${((performance.now() - t0) / 1000).toFixed(1)} s); events of the default inner ring; objective POD ≥ 0.8 with the least warning (a site where no set reaches it keeps the defaults)`,
  );
  console.log(
    `${'chosen on → scored on'.padEnd(36)} ${'rules'.padEnd(18)} events  hits   FA   POD   CSI  warning min`,
  );
  for (const [choose, score] of [
    [0, 1],
    [1, 0],
  ]) {
    const picks = scored[choose].map((bySet) => {
      const list = [...bySet.values()];
      return recommend(list, list[0]?.events ?? 0, undefined).setId ?? currentId;
    });
    const pool = (half, idOf) => {
      const t = { events: 0, hits: 0, fa: 0, minutes: 0 };
      scored[half].forEach((bySet, i) => {
        const s = bySet.get(idOf(i));
        t.events += s.events;
        t.hits += s.hits;
        t.fa += s.false_alarms;
        t.minutes += s.warning_minutes;
      });
      return t;
    };
    const line = (label, rules, t) =>
      console.log(
        `${label.padEnd(36)} ${rules.padEnd(18)} ${String(t.events).padStart(6)} ${String(t.hits).padStart(5)} ${String(t.fa).padStart(4)}  ${(t.events ? t.hits / t.events : 0).toFixed(2)}  ${(t.events + t.fa ? t.hits / (t.events + t.fa) : 0).toFixed(2)} ${t.minutes.toFixed(0).padStart(12)}`,
      );
    const changed = picks.filter((id) => id !== currentId).length;
    const label = `${halves[choose].name} → ${halves[score].name}`;
    line(
      label,
      'defaults',
      pool(score, () => currentId),
    );
    line(
      label,
      `picks (${changed} changed)`,
      pool(score, (i) => picks[i]),
    );
    line(
      `${halves[choose].name} (in sample)`,
      'defaults',
      pool(choose, () => currentId),
    );
    line(
      `${halves[choose].name} (in sample)`,
      'picks',
      pool(choose, (i) => picks[i]),
    );
  }
}
