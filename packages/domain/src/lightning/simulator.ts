import { createRandom } from '../common/random.js';
import { destinationPoint } from '../geo/geodesy.js';
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
   * Places storms should cross (the demo's monitored sites): every third storm is born upwind of one of
   * them, so that it passes over it during its life.
   */
  hotspots?: readonly { lat: number; lon: number }[];
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
  birthLat: number;
  birthLon: number;
}

const TICK_MS = 60_000;
const HOUR_MS = 3_600_000;
const IC_SHARE = 0.75; // IC:CG ≈ 3:1 by flash
const POSITIVE_CG_SHARE = 0.18; // positive flashes are mostly single-stroke, so ~9 % of CG strokes
const MAX_STROKES = 15;
/** How often, with hotspots, a storm is sent towards one of them (besides every third storm). */
const HOTSPOT_EVERY_MS = 15 * 60_000;

/** Relative flash rate over a cell's life (0..1): quick growth to maturity at 30 %, slower decay. */
function lifeCycle(age: number, life: number): number {
  const tau = age / life;
  if (tau <= 0 || tau >= 1) return 0;
  return tau < 0.3 ? (tau / 0.3) ** 2 : ((1 - tau) / 0.7) ** 1.5;
}

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

export function createLightningSimulator({
  hotspots = [],
  seed,
  region = DEFAULT_REGION,
  startMs: start,
}: LightningSimulatorOptions): LightningSimulator {
  // Whole milliseconds keep every stroke time an exact (epoch ms, ns) pair.
  const startMs = Math.floor(start);
  const rng = createRandom(seed);
  // The prevailing steering wind: summer monsoon from the south-west, so storms drift north-east.
  const windHeading = rng.normal(55, 25);
  const windSpeed = rng.uniform(25, 45);
  const solarOffsetH = (region.west + region.east) / 2 / 15;
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

  function spawn(bornMs: number, lifeMs: number, towardsSite = false): void {
    // The steering wind veers slowly over the day; each cell adds its own deviation.
    const hoursIn = (bornMs - startMs) / HOUR_MS;
    const cell: Cell = {
      id: nextCellId++,
      bornMs,
      lifeMs,
      birthLat: rng.uniform(region.south, region.north),
      birthLon: rng.uniform(region.west, region.east),
      headingDeg: (((windHeading + 20 * Math.sin(hoursIn / 3) + rng.normal(0, 15)) % 360) + 360) % 360,
      speedKmh: clamp(windSpeed + rng.normal(0, 8), 20, 60),
      peakFlashesPerMin: Math.exp(rng.uniform(0, Math.log(20))),
      coreKm: rng.uniform(3, 8),
    };
    if (hotspots.length > 0 && (towardsSite || nextCellId % 3 === 0)) {
      // Born upwind, so that it reaches the site between a fifth and two thirds of its life.
      const site = hotspots[rng.int(0, hotspots.length - 1)] as { lat: number; lon: number };
      const km = (cell.speedKmh * lifeMs * rng.uniform(0.2, 0.66)) / HOUR_MS;
      const birth = destinationPoint(site.lat, site.lon, (cell.headingDeg + 180) % 360, km);
      cell.birthLat = birth.lat;
      cell.birthLon = birth.lon;
    }
    if (towardsSite) cell.peakFlashesPerMin = Math.max(cell.peakFlashesPerMin, 6);
    cells.push(cell);
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
    // Whatever the hour, a storm heads for one of the sites every quarter of an hour: the demo's watched
    // places see warnings day and night, not only in the afternoon's storms.
    if (hotspots.length > 0 && tickStart % HOTSPOT_EVERY_MS === 0) {
      spawn(tickStart + rng.uniform(0, TICK_MS), rng.uniform(60, 120) * 60_000, true);
    }
    const made: SimStroke[] = [];
    for (const cell of cells) {
      const from = Math.max(tickStart, cell.bornMs);
      const to = Math.min(tickEnd, cell.bornMs + cell.lifeMs);
      if (to <= from) continue;
      const rate = cell.peakFlashesPerMin * lifeCycle((from + to) / 2 - cell.bornMs, cell.lifeMs);
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
          flashesPerMin: c.peakFlashesPerMin * lifeCycle(now - c.bornMs, c.lifeMs),
          peakFlashesPerMin: c.peakFlashesPerMin,
          coreKm: c.coreKm,
        }));
    },
  };
}
