import { createRandom } from '../common/random.js';
import { destinationPoint, distanceKm } from '../geo/geodesy.js';
import type { ParsedStroke } from './stroke.js';

/**
 * The demo world's lightning: thunderstorm cells are born, grow,
 * mature, decay and drift with the wind; each flashes at a rate following its life cycle, and each
 * flash yields strokes. Deterministic: the world is generated in fixed one-minute ticks from one seeded
 * stream, so the same seed gives the same strokes however `advance` slices time.
 */

export interface Region {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** South China: Guangdong, Guangxi, Hainan and the northern South China Sea. */
export const DEFAULT_REGION: Region = { west: 105, south: 18, east: 120, north: 27 };

/** A simulated stroke is an ordinary parsed stroke; `multiplicity` holds its flash's stroke count. */
export type SimStroke = ParsedStroke;

export interface LightningSimulatorOptions {
  seed: number | string;
  /** Strokes are only produced inside it (the simulated network sees nothing beyond). */
  region?: Region;
  /** Simulation start (epoch ms); cells are already active then. */
  startMs: number;
  /**
   * Places storms should visit (the demo's monitored sites): each gets a storm every `VISIT_EVERY_MS`, the
   * places in turn, so that a storm reaches one of them every `VISIT_EVERY_MS / hotspots.length`. Such a
   * storm is born some 50 km upwind, grows as it comes, and collapses as it reaches the place: a site sees
   * yellow, orange, red and the all-clear within about an hour, and is clear most of the time. The other
   * storms keep away from these places (`demo-day.ts` measures what the demo sites see).
   */
  hotspots?: readonly { lat: number; lon: number }[];
  /**
   * With hotspots: an instant at which a visit's storm is over its hotspot (in its red ring, the first
   * hotspot's), the schedule of visits set from it; the live feed gives its start, so that a newcomer sees a
   * red alarm in the first minute and the next storm's yellow within the half hour. Without it, the slots
   * are whole multiples of their length since the epoch.
   */
  redAtMs?: number;
}

/** A storm cell as it stands at the simulator's current time. */
export interface SimCell {
  id: number;
  lat: number;
  lon: number;
  bornMs: number;
  lifeMs: number;
  headingDeg: number;
  speedKmh: number;
  /** Flashes per minute now, and at the cell's mature stage. */
  flashesPerMin: number;
  peakFlashesPerMin: number;
  /** Radius (km) around the centre where its flashes mostly strike (one standard deviation). */
  coreKm: number;
}

export interface LightningSimulator {
  /** Strokes with a time in (previous `toMs`, `toMs`], in time order. A `toMs` not after the last one gives []. */
  advance(toMs: number): SimStroke[];
  /** The cells alive at the last `toMs` (or at the start). */
  cells(): SimCell[];
}

interface Cell extends Omit<SimCell, 'lat' | 'lon' | 'flashesPerMin'> {
  /** Share of its life at which it is mature (flashes most). */
  matureAt: number;
  /** How sharply its flashing falls after maturity (the power of the remaining share of its life). */
  decay: number;
  birthLat: number;
  birthLon: number;
}

const TICK_MS = 60_000;
const HOUR_MS = 3_600_000;
const IC_SHARE = 0.75; // IC:CG ≈ 3:1 by flash
const POSITIVE_CG_SHARE = 0.18; // positive flashes are mostly single-stroke, so ~9 % of CG strokes
const MAX_STROKES = 15;
/**
 * How often each hotspot is visited by a storm. The hotspots take turns on a fixed schedule (slot `k`,
 * `VISIT_EVERY_MS / n` long, goes to the `k mod n`-th in `farApartOrder`) set by `redAtMs`, not by the world's
 * start: worlds anchored to other hours with the same `redAtMs` visit the same places at the same times. With
 * the demo's four sites: a storm an hour, each site's every 4 hours, so any 6 hours hold a whole visit of
 * every site and at most two of its red spells.
 */
export const VISIT_EVERY_MS = 4 * 3_600_000;
/**
 * A visiting storm: a fast, compact cell (speed km/h, core km) born so that it would pass within
 * VISIT_MISS_KM of its place VISIT_APPROACH_MIN after its birth (some 45–55 km upwind, beyond the 30 km
 * yellow ring). It matures halfway, in the orange ring, keeps flashing as it comes (a slow decay), and
 * collapses 2–4 minutes short of its closest approach, a few km from the place: its strokes fall within the
 * red ring for about ten minutes, so the red spell (those minutes and the all-clear's 30) lasts about 38
 * minutes (47 at most in 960 six-hour windows measured), and yellow → orange → red → all-clear about an hour.
 */
const VISIT_SPEED_KMH = [58, 66] as const;
const VISIT_CORE_KM = [2, 3] as const;
const VISIT_APPROACH_MIN = [44, 50] as const;
const VISIT_MISS_KM = 2;
const VISIT_AFTER_MIN = [-4, -2] as const;
const VISIT_MATURE_AT = 0.5;
const VISIT_DECAY = 0.75;
/** From the start of a visit's slot to an instant its storm strikes within the red ring (`redAtMs`). */
const VISIT_RED_AFTER_MS = 42 * 60_000;
/**
 * Its track keeps this far from the other hotspots where it can (beyond their yellow rings), turning up to
 * 60° off the wind and passing on either side: neighbouring sites are not all warned by one storm.
 */
const VISIT_CLEAR_KM = 38;
const VISIT_TURNS_DEG = [0, 15, -15, 30, -30, 45, -45, 60, -60];
/**
 * With hotspots, the other storms are born where their tracks keep this far from every hotspot (beyond the
 * 30 km yellow ring and their strokes' scatter), redrawn up to BACKGROUND_TRIES times.
 */
const BACKGROUND_CLEAR_KM = 45;
const BACKGROUND_TRIES = 20;

/**
 * Relative flash rate over a cell's life (0..1): quick growth to maturity (at 30 % of it unless said),
 * slower decay.
 */
function lifeCycle(age: number, life: number, matureAt = 0.3, decay = 1.5): number {
  const tau = age / life;
  if (tau <= 0 || tau >= 1) return 0;
  return tau < matureAt ? (tau / matureAt) ** 2 : ((1 - tau) / (1 - matureAt)) ** decay;
}

const norm360 = (deg: number) => ((deg % 360) + 360) % 360;
const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

function inRegion(r: Region, lat: number, lon: number): boolean {
  return lat >= r.south && lat <= r.north && lon >= r.west && lon <= r.east;
}

/** Strictly-before-or-at comparison of a stroke with a whole-ms bound. */
function atOrBefore(s: SimStroke, ms: number): boolean {
  return s.epochMs < ms || (s.epochMs === ms && s.ns % 1_000_000 === 0);
}

function byTime(a: SimStroke, b: SimStroke): number {
  return a.epochMs - b.epochMs || a.ns - b.ns;
}

/**
 * The hotspots in the order their visits come: each next one as far as can be from the one before (greedy,
 * from the first), so that neighbouring sites are not visited one after the other and one storm's warnings
 * are over before the next storm nears.
 */
function farApartOrder(points: readonly { lat: number; lon: number }[]): number[] {
  if (points.length === 0) return [];
  const order = [0];
  const left = new Set(points.keys());
  left.delete(0);
  while (left.size > 0) {
    const last = points[order.at(-1) as number] as { lat: number; lon: number };
    let far = -1;
    let farKm = -1;
    for (const i of left) {
      const p = points[i] as { lat: number; lon: number };
      const km = distanceKm(last.lat, last.lon, p.lat, p.lon);
      if (km > farKm) [far, farKm] = [i, km];
    }
    order.push(far);
    left.delete(far);
  }
  return order;
}

export function createLightningSimulator({
  hotspots = [],
  seed,
  region = DEFAULT_REGION,
  startMs: start,
  redAtMs,
}: LightningSimulatorOptions): LightningSimulator {
  // Whole milliseconds keep every stroke time an exact (epoch ms, ns) pair.
  const startMs = Math.floor(start);
  const rng = createRandom(seed);
  // The prevailing steering wind: summer monsoon from the south-west, so storms drift north-east.
  const windHeading = rng.normal(55, 25);
  const windSpeed = rng.uniform(25, 45);
  const solarOffsetH = (region.west + region.east) / 2 / 15;
  const slotLengthMs = hotspots.length > 0 ? VISIT_EVERY_MS / hotspots.length : VISIT_EVERY_MS;
  // Slot k begins at phaseMs + k × slotLengthMs.
  const phaseMs = redAtMs === undefined ? 0 : Math.floor(redAtMs) - VISIT_RED_AFTER_MS;
  const visitOrder = farApartOrder(hotspots);
  let cells: Cell[] = [];
  let nextCellId = 1;
  let generatedUntil = startMs;
  let now = startMs;
  let pending: SimStroke[] = [];

  function positionAt(cell: Cell, t: number): { lat: number; lon: number } {
    const km = (cell.speedKmh * (t - cell.bornMs)) / HOUR_MS;
    return destinationPoint(cell.birthLat, cell.birthLon, cell.headingDeg, km);
  }

  /** Storm births per hour over the region: a few at night, most in the local afternoon. */
  function birthsPerHour(t: number): number {
    const solarHour = (((t / HOUR_MS + solarOffsetH) % 24) + 24) % 24;
    return 2 + 6 * Math.exp(-((solarHour - 15) ** 2) / (2 * 3 ** 2));
  }

  /** The steering wind's heading at `t`: it veers slowly over the day. */
  function windAt(t: number): number {
    return windHeading + 20 * Math.sin((t - startMs) / HOUR_MS / 3);
  }

  /**
   * A storm born anywhere in the region; with hotspots, anywhere its track keeps clear of them (the visits
   * are the storms that reach them: one born over a site would warn red at once, with no yellow before).
   */
  function spawn(bornMs: number, lifeMs: number): void {
    const cell: Cell = {
      id: nextCellId++,
      bornMs,
      lifeMs,
      birthLat: rng.uniform(region.south, region.north),
      birthLon: rng.uniform(region.west, region.east),
      // Each cell deviates a little from the steering wind.
      headingDeg: norm360(windAt(bornMs) + rng.normal(0, 15)),
      speedKmh: clamp(windSpeed + rng.normal(0, 8), 20, 60),
      peakFlashesPerMin: Math.exp(rng.uniform(0, Math.log(20))),
      coreKm: rng.uniform(3, 8),
      matureAt: 0.3,
      decay: 1.5,
    };
    const trackKm = (cell.speedKmh * lifeMs) / HOUR_MS;
    for (let tries = 0; tries < BACKGROUND_TRIES; tries++) {
      const birth = { lat: cell.birthLat, lon: cell.birthLon };
      if (clearance(birth, cell.headingDeg, 0, trackKm, -1) >= BACKGROUND_CLEAR_KM) break;
      cell.birthLat = rng.uniform(region.south, region.north);
      cell.birthLon = rng.uniform(region.west, region.east);
    }
    cells.push(cell);
  }

  /**
   * The storm of visit slot `slot`: born upwind of its hotspot on a track passing within VISIT_MISS_KM of it
   * VISIT_APPROACH_MIN later, collapsing just short of that. It flies with the wind, turned off it (and
   * passing on the other side) when that keeps its track clear of the other hotspots.
   */
  function spawnVisit(slot: number, slotMs: number): void {
    const index = visitOrder[((slot % hotspots.length) + hotspots.length) % hotspots.length] as number;
    const site = hotspots[index] as { lat: number; lon: number };
    const bornMs = slotMs + rng.uniform(0, Math.min(TICK_MS, slotLengthMs));
    const speedKmh = rng.uniform(...VISIT_SPEED_KMH);
    const approachMs = rng.uniform(...VISIT_APPROACH_MIN) * 60_000;
    const lifeMs = approachMs + rng.uniform(...VISIT_AFTER_MIN) * 60_000;
    const miss = rng.uniform(0, VISIT_MISS_KM);
    const wind = windAt(bornMs) + rng.normal(0, 10);
    const beforeKm = (speedKmh * approachMs) / HOUR_MS;
    const afterKm = (speedKmh * (lifeMs - approachMs)) / HOUR_MS;
    // The first track, nearest the wind, that keeps clear of the other hotspots; else the clearest.
    let best = { headingDeg: wind, missKm: miss, clearKm: Number.NEGATIVE_INFINITY };
    search: for (const turn of VISIT_TURNS_DEG) {
      for (const missKm of [miss, -miss]) {
        const headingDeg = wind + turn;
        // The closest approach: `missKm` to the left of the track (the site to its right).
        const closest = destinationPoint(site.lat, site.lon, headingDeg - 90, missKm);
        const clearKm = clearance(closest, headingDeg, beforeKm, afterKm, index);
        if (clearKm > best.clearKm) best = { headingDeg, missKm, clearKm };
        if (clearKm >= VISIT_CLEAR_KM) break search;
      }
    }
    const headingDeg = norm360(best.headingDeg);
    const closest = destinationPoint(site.lat, site.lon, headingDeg - 90, best.missKm);
    const birth = destinationPoint(closest.lat, closest.lon, norm360(headingDeg + 180), beforeKm);
    cells.push({
      id: nextCellId++,
      bornMs,
      lifeMs,
      birthLat: birth.lat,
      birthLon: birth.lon,
      headingDeg,
      speedKmh,
      peakFlashesPerMin: Math.exp(rng.uniform(Math.log(8), Math.log(20))),
      coreKm: rng.uniform(...VISIT_CORE_KM),
      matureAt: VISIT_MATURE_AT,
      decay: VISIT_DECAY,
    });
  }

  /**
   * How close a straight track comes to the hotspots other than `except`, km (∞ with none): from `beforeKm`
   * before `at` to `afterKm` after it, heading `headingDeg`, in a flat frame around `at` (tracks are a few
   * tens of km; a hotspot hundreds of km away is far whatever the frame's error).
   */
  function clearance(
    at: { lat: number; lon: number },
    headingDeg: number,
    beforeKm: number,
    afterKm: number,
    except: number,
  ): number {
    const kx = 111.32 * Math.cos((at.lat * Math.PI) / 180);
    const h = (headingDeg * Math.PI) / 180;
    const ux = Math.sin(h);
    const uy = Math.cos(h);
    let clear = Number.POSITIVE_INFINITY;
    for (const [i, p] of hotspots.entries()) {
      if (i === except) continue;
      const px = (p.lon - at.lon) * kx;
      const py = (p.lat - at.lat) * 110.57;
      const along = clamp(px * ux + py * uy, -beforeKm, afterKm);
      clear = Math.min(clear, Math.hypot(px - along * ux, py - along * uy));
    }
    return clear;
  }

  /** Spawns the visits whose slots start in [fromMs, toMs). */
  function spawnVisits(fromMs: number, toMs: number): void {
    if (hotspots.length === 0) return;
    const first = Math.ceil((fromMs - phaseMs) / slotLengthMs);
    for (let slot = first; phaseMs + slot * slotLengthMs < toMs; slot++) {
      spawnVisit(slot, phaseMs + slot * slotLengthMs);
    }
  }

  function stroke(
    tickStart: number,
    offsetNs: number,
    at: { lat: number; lon: number },
    type: 'CG' | 'IC',
    peakKa: number,
    multiplicity: number,
  ): SimStroke {
    const epochMs = tickStart + Math.floor(offsetNs / 1_000_000);
    const ns = (((epochMs % 1000) + 1000) % 1000) * 1_000_000 + (offsetNs % 1_000_000);
    const majorKm = Math.max(0.05, rng.logNormal(type === 'CG' ? 0.4 : 0.8, 0.5));
    return {
      epochMs,
      ns,
      lat: round(at.lat, 4),
      lon: round(at.lon, 4),
      peakKa: round(clamp(peakKa, -400, 400), 1),
      type,
      sensors: type === 'CG' ? clamp(4 + rng.poisson(6), 3, 20) : clamp(3 + rng.poisson(3), 3, 20),
      multiplicity,
      majorKm: round(majorKm, 2),
      minorKm: round(majorKm * rng.uniform(0.4, 1), 2),
      ellipseDeg: round(rng.uniform(0, 180), 2),
    };
  }

  /** The strokes of one flash starting `offsetNs` into the tick at `at`. */
  function flash(tickStart: number, offsetNs: number, at: { lat: number; lon: number }): SimStroke[] {
    if (rng.chance(IC_SHARE)) {
      const peak = rng.logNormal(8, 0.6) * (rng.chance(0.5) ? 1 : -1);
      return [stroke(tickStart, offsetNs, at, 'IC', peak, 1)];
    }
    const positive = rng.chance(POSITIVE_CG_SHARE);
    const wanted = Math.min(MAX_STROKES, 1 + rng.poisson(positive ? 0.5 : 2.5));
    // Inter-stroke intervals of tens of ms; the flash ends before 1 s whatever was drawn.
    const offsets = [0];
    while (offsets.length < wanted) {
      const next = (offsets.at(-1) as number) + clamp(rng.logNormal(60, 0.5), 10, 400);
      if (next >= 950) break;
      offsets.push(next);
    }
    let channel = at;
    return offsets.map((ms, i) => {
      if (i > 0 && rng.chance(0.45)) {
        // A new ground contact a few km from the first one; otherwise the old channel is reused.
        channel = destinationPoint(
          at.lat,
          at.lon,
          rng.uniform(0, 360),
          Math.min(Math.abs(rng.normal(0, 2)), 6),
        );
      }
      const place =
        i === 0 ? at : destinationPoint(channel.lat, channel.lon, rng.uniform(0, 360), rng.uniform(0, 0.2));
      const peak = positive ? rng.logNormal(30, 0.6) : -rng.logNormal(20, 0.6);
      return stroke(tickStart, offsetNs + Math.floor(ms * 1_000_000), place, 'CG', peak, offsets.length);
    });
  }

  function generateTick(): void {
    const tickStart = generatedUntil;
    const tickEnd = tickStart + TICK_MS;
    cells = cells.filter((c) => c.bornMs + c.lifeMs > tickStart);
    const births = rng.poisson((birthsPerHour(tickStart + TICK_MS / 2) * TICK_MS) / HOUR_MS);
    for (let i = 0; i < births; i++)
      spawn(tickStart + rng.uniform(0, TICK_MS), rng.uniform(30, 120) * 60_000);
    // Whatever the hour, the hotspots' visits: the demo's watched places see warnings day and night, not
    // only in the afternoon's storms.
    spawnVisits(tickStart, tickEnd);
    const made: SimStroke[] = [];
    for (const cell of cells) {
      const from = Math.max(tickStart, cell.bornMs);
      const to = Math.min(tickEnd, cell.bornMs + cell.lifeMs);
      if (to <= from) continue;
      const rate =
        cell.peakFlashesPerMin *
        lifeCycle((from + to) / 2 - cell.bornMs, cell.lifeMs, cell.matureAt, cell.decay);
      const count = rng.poisson((rate * (to - from)) / 60_000);
      for (let i = 0; i < count; i++) {
        const offsetNs = Math.floor(rng.uniform(from - tickStart, to - tickStart) * 1_000_000);
        const centre = positionAt(cell, tickStart + offsetNs / 1_000_000);
        const at = destinationPoint(
          centre.lat,
          centre.lon,
          rng.uniform(0, 360),
          Math.abs(rng.normal(0, cell.coreKm)),
        );
        const strokes = flash(tickStart, offsetNs, at);
        if (strokes.every((s) => inRegion(region, s.lat, s.lon))) made.push(...strokes);
      }
    }
    pending = [...pending, ...made].sort(byTime);
    generatedUntil = tickEnd;
  }

  // Storms already under way at the start, at random stages of their lives.
  const initial = rng.poisson(4);
  for (let i = 0; i < initial; i++) {
    const lifeMs = rng.uniform(30, 120) * 60_000;
    spawn(startMs - rng.uniform(0, lifeMs), lifeMs);
  }
  // And the visits already under way: those of the slots before the start whose storms still live.
  spawnVisits(startMs - (VISIT_APPROACH_MIN[1] + VISIT_AFTER_MIN[1] + 1) * 60_000, startMs);

  return {
    advance(toMs) {
      if (!(toMs > now)) return [];
      // Generate every tick that starts at or before toMs: all flashes that began by then exist.
      while (generatedUntil <= toMs) generateTick();
      let n = 0;
      while (n < pending.length && atOrBefore(pending[n] as SimStroke, toMs)) n++;
      const out = pending.slice(0, n).filter((s) => !atOrBefore(s, now));
      pending = pending.slice(n);
      now = toMs;
      return out;
    },
    cells() {
      return cells
        .filter((c) => c.bornMs <= now && now < c.bornMs + c.lifeMs)
        .map((c) => ({
          id: c.id,
          ...positionAt(c, now),
          bornMs: c.bornMs,
          lifeMs: c.lifeMs,
          headingDeg: c.headingDeg,
          speedKmh: c.speedKmh,
          flashesPerMin: c.peakFlashesPerMin * lifeCycle(now - c.bornMs, c.lifeMs, c.matureAt, c.decay),
          peakFlashesPerMin: c.peakFlashesPerMin,
          coreKm: c.coreKm,
        }));
    },
  };
}
