import { CELL_TRENDS, type CellTrend } from '@thunderwatch/shared/schemas/cells';
import { type Bbox, boxAroundKm, forCellsIn, type GridSpec, offsetKm } from '../models/model-grid.js';

/**
 * What the lightning models need of a storm cell. The tracked cells of `/api/scz` (`CellProperties`)
 * satisfy it as they are; the stateless cells of `trackStormCells` are adapted to it by the server.
 */
export interface NowcastCellInput {
  /** [lon, lat] of the cell's centre at the step's time. */
  centroid: readonly [number, number];
  /** Area of the cell's footprint; the models treat it as a disc of the same area. */
  area_km2: number;
  /** Total (IC + CG) flashes per minute. */
  flash_rate_per_min: number;
  trend: CellTrend;
  /** Towards, clockwise from north; null: not tracked (the cell is kept where it is). */
  motion: { speed_kmh: number; direction_deg: number } | null;
}

/**
 * The largest footprint a model takes as one storm cell (a disc of about 560 km radius): beyond it the
 * "cell" is a bad record, and its footprint would cover the whole grid at every lead.
 */
export const MAX_CELL_AREA_KM2 = 1_000_000;

/** The fastest motion a model carries a cell along (no storm moves at 500 km/h; cell-history caps at 150). */
export const MAX_CELL_SPEED_KMH = 500;

const TRENDS: ReadonlySet<string> = new Set(CELL_TRENDS);
const finiteIn = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

/**
 * Whether the models can place and weigh a cell: a centroid of two finite numbers on the globe, a finite
 * area of 0…MAX_CELL_AREA_KM2, a finite flash rate, a known trend and a finite motion (or none). The cells
 * come from stored steps (JSON: a NaN was written as null, a step without a full outline lacks fields);
 * one bad cell must cost only itself, never the run (a NaN centroid once hung gridOver).
 */
export function isUsableCell(cell: NowcastCellInput): boolean {
  const c = cell?.centroid as unknown;
  if (!Array.isArray(c) || c.length < 2 || !finiteIn(c[0], -180, 180) || !finiteIn(c[1], -90, 90))
    return false;
  if (!finiteIn(cell.area_km2, 0, MAX_CELL_AREA_KM2)) return false;
  if (typeof cell.flash_rate_per_min !== 'number' || !Number.isFinite(cell.flash_rate_per_min)) return false;
  if (!TRENDS.has(cell.trend)) return false;
  const m = cell.motion;
  if (m === null) return true;
  return (
    typeof m === 'object' &&
    finiteIn(m.speed_kmh, 0, MAX_CELL_SPEED_KMH) &&
    finiteIn(m.direction_deg, -360, 720)
  );
}

/** The cells a model can use (see isUsableCell) and how many it left out. */
export function usableCells(cells: readonly NowcastCellInput[]): {
  usable: NowcastCellInput[];
  skipped: number;
} {
  const usable = cells.filter(isUsableCell);
  return { usable, skipped: cells.length - usable.length };
}

/** How a cell is carried forward: per trend, how its rate, size and chance to live on change with lead. */
export interface ExtrapolationParams {
  minRadiusKm: number;
  /** The soft edge of a cell now, as a fraction of its radius (flashes fall outside the 80 % disc too). */
  edgeSoftness: number;
  /** How far off the extrapolated position may be, growing with lead: km per minute (1σ). */
  positionErrorKmPerMin: number;
  /** The flash rate at which a point inside the cell has an even chance of lightning. */
  halfRatePerMin: number;
  /** e-folding time of a cell's survival, minutes: how long cells of each trend typically go on. */
  lifetimeMin: Record<CellTrend, number>;
  /** Change of the flash rate per hour of lead (growing: rises; decaying: falls), as a fraction of now. */
  rateChangePerHour: Record<CellTrend, number>;
  /** Change of the radius per hour of lead, as a fraction of now. */
  radiusChangePerHour: Record<CellTrend, number>;
}

/** Where a cell is expected at one lead and how likely lightning is under it. */
export interface Footprint {
  lon: number;
  lat: number;
  /** Inside this radius the chance is `amplitude`; beyond it it falls off as a Gaussian of `sigmaKm`. */
  radiusKm: number;
  sigmaKm: number;
  amplitude: number;
}

/** The cell carried forward `leadMin` minutes along its motion, grown or shrunk by its trend. */
export function footprintAt(cell: NowcastCellInput, leadMin: number, p: ExtrapolationParams): Footprint {
  const hours = leadMin / 60;
  const r0 = Math.max(p.minRadiusKm, Math.sqrt(Math.max(0, cell.area_km2) / Math.PI));
  const radiusKm = r0 * Math.max(0.3, 1 + p.radiusChangePerHour[cell.trend] * hours);
  const rate =
    Math.max(0, cell.flash_rate_per_min) * Math.max(0, 1 + p.rateChangePerHour[cell.trend] * hours);
  const survival = Math.exp(-leadMin / p.lifetimeMin[cell.trend]);
  const amplitude = survival * (1 - 2 ** (-rate / p.halfRatePerMin));
  const sigmaKm = Math.hypot(p.edgeSoftness * r0, p.positionErrorKmPerMin * leadMin);
  const [lon0, lat0] = cell.centroid;
  let lon = lon0;
  let lat = lat0;
  if (cell.motion && cell.motion.speed_kmh > 0) {
    const km = cell.motion.speed_kmh * hours;
    const a = (cell.motion.direction_deg * Math.PI) / 180;
    [lon, lat] = offsetKm(lon0, lat0, km * Math.sin(a), km * Math.cos(a));
  }
  return { lon, lat, radiusKm, sigmaKm, amplitude };
}

/** Beyond this many σ past the edge the chance is under 1 % of the amplitude and is left out. */
const REACH_SIGMAS = 3;

export function footprintBox(f: Footprint): Bbox {
  return boxAroundKm(f.lon, f.lat, f.radiusKm + REACH_SIGMAS * f.sigmaKm);
}

/** The chance of lightning at a point `d` km from the footprint's centre. */
export function footprintChance(f: Footprint, d: number): number {
  if (d <= f.radiusKm) return f.amplitude;
  const beyond = d - f.radiusKm;
  return f.amplitude * Math.exp(-(beyond * beyond) / (2 * f.sigmaKm * f.sigmaKm));
}

/**
 * The highest chance each grid cell gets from the footprints of one storm cell over one time window (the
 * cell passes over a point once: its samples are not independent chances, so they are not multiplied).
 */
export function windowChances(grid: GridSpec, footprints: readonly Footprint[]): Map<number, number> {
  const best = new Map<number, number>();
  for (const f of footprints) {
    if (f.amplitude < 1e-4) continue;
    forCellsIn(grid, footprintBox(f), f.lon, f.lat, (i, e, n) => {
      const p = footprintChance(f, Math.hypot(e, n));
      if (p > (best.get(i) ?? 0)) best.set(i, p);
    });
  }
  return best;
}

/** Adds one storm cell's chances to a frame: independent cells combine as 1 − Π(1 − p). */
export function combineInto(values: Float32Array, chances: ReadonlyMap<number, number>): void {
  for (const [i, p] of chances) values[i] = 1 - (1 - (values[i] as number)) * (1 - p);
}

/** The most leads a model samples (its windows are hours long, its samples minutes apart). */
export const MAX_LEADS = 10_000;

/**
 * Leads from `from` to `to` minutes, every `step` (both ends included). Ends that are not finite, a step
 * that is not above 0, or more than MAX_LEADS leads: RangeError (a step lost in the rounding of a huge
 * `from` once pushed leads until the memory ran out).
 */
export function leadsOf(from: number, to: number, step: number): number[] {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new RangeError(`leadsOf: ends ${from}…${to}`);
  if (!(step > 0)) throw new RangeError(`leadsOf: the step must be above 0, not ${step}`);
  const count = Math.ceil((to - from) / step);
  if (!(count <= MAX_LEADS)) throw new RangeError(`leadsOf: more than ${MAX_LEADS} leads`);
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    const t = from + k * step;
    if (t >= to) break;
    out.push(t);
  }
  out.push(to);
  return out;
}
