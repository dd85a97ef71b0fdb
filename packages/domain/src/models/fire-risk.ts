import {
  type Bbox,
  cellAt,
  cellCentre,
  type GridModelResult,
  gridOver,
  type Progress,
  QUIET_CELL_DEG,
} from './model-grid.js';

/**
 * Lightning-ignited wildfire risk per grid cell, from the cloud-to-ground flashes of the last 24–72 h.
 *
 * Lightning starts fires through continuing current: the current that keeps flowing for tens to hundreds
 * of milliseconds after a return stroke heats fuel long enough to ignite it. The network does not measure
 * continuing current, so a proxy weighs each flash:
 * - a positive flash weighs `positiveWeight` (3): positive CG flashes carry long continuing currents far
 *   more often than negative ones and are over-represented among ignitions and holdover fires;
 * - a negative flash weighs 1, plus `subsequentGain` (0.25) for every return stroke after the first, up to
 *   `maxNegativeWeight` (2): each subsequent stroke is another chance of a continuing-current interval.
 * A flash's weight fades with its age (e-folding `tauH`, 24 h): a smouldering ignition can surface a day or
 * two later (holdover), but the chance falls the longer nothing happened. The faded weights summed per grid
 * cell give the risk 1 − 2^(−W / `halfWeight`): one fresh positive flash in a cell is about 65 %, one
 * fresh single-stroke negative flash about 30 %.
 *
 * Dryness (fuel and soil moisture, recent rain) governs whether a strike becomes a fire. Where a dryness
 * value is given (0 wet … 1 dry) the risk is scaled by 0.25 + 0.75 × dryness; where none is given the risk
 * is the lightning part alone, and the output's facts say so (`dryness_applied`). Nothing is assumed.
 */
export const FIRE_RISK = {
  cellDeg: 0.1,
  defaultWindowH: 72,
  minWindowH: 24,
  maxWindowH: 72,
  tauH: 24,
  positiveWeight: 3,
  subsequentGain: 0.25,
  maxNegativeWeight: 2,
  halfWeight: 2,
} as const;

export const FIRE_RISK_ELEMENT = 'fire_risk';

/** CG strokes as columns (the caller leaves IC out): time, position, signed peak current, flash id (NaN: none). */
export interface FireStrokes {
  timeMs: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  peakKa: Float64Array;
  flashId: Float64Array;
}

/** Columns from a list (tests and small callers). */
export function fireStrokesOf(
  list: readonly { timeMs: number; lat: number; lon: number; peakKa: number; flashId: number | null }[],
): FireStrokes {
  const col = (f: (s: (typeof list)[number]) => number) => Float64Array.from(list, f);
  return {
    timeMs: col((s) => s.timeMs),
    lat: col((s) => s.lat),
    lon: col((s) => s.lon),
    peakKa: col((s) => s.peakKa),
    flashId: col((s) => s.flashId ?? Number.NaN),
  };
}

interface Flash {
  timeMs: number;
  lat: number;
  lon: number;
  strokes: number;
  positive: boolean;
}

/** The weight of one flash before fading (see above). */
export function flashWeight(strokes: number, positive: boolean): number {
  const F = FIRE_RISK;
  if (positive) return F.positiveWeight;
  return Math.min(F.maxNegativeWeight, 1 + F.subsequentGain * Math.max(0, strokes - 1));
}

export function fireRisk(input: {
  strokes: FireStrokes;
  nowMs: number;
  windowH?: number;
  /** 0 (wet) … 1 (dry) at a point, or null where unknown; absent: no dryness data at all. */
  dryness?: (lon: number, lat: number) => number | null;
  area: Bbox;
  onProgress?: Progress;
}): GridModelResult {
  const F = FIRE_RISK;
  const windowH = Math.min(F.maxWindowH, Math.max(F.minWindowH, input.windowH ?? F.defaultWindowH));
  const flashes = flashesOf(input.strokes, input.nowMs, windowH * 3_600_000);
  input.onProgress?.(0.3);
  const box = boxOf(flashes, F.cellDeg);
  const grid = box ? gridOver(box, F.cellDeg) : gridOver(input.area, QUIET_CELL_DEG);
  const weight = new Float64Array(grid.cols * grid.rows);
  let positive = 0;
  for (const f of flashes) {
    const i = cellAt(grid, f.lon, f.lat);
    if (i < 0) continue;
    if (f.positive) positive++;
    const ageH = (input.nowMs - f.timeMs) / 3_600_000;
    weight[i] = (weight[i] as number) + flashWeight(f.strokes, f.positive) * Math.exp(-ageH / F.tauH);
  }
  input.onProgress?.(0.6);
  const values = new Float32Array(weight.length);
  let dried = 0;
  for (let i = 0; i < weight.length; i++) {
    const w = weight[i] as number;
    if (w <= 0) continue;
    let risk = 1 - 2 ** (-w / F.halfWeight);
    if (input.dryness) {
      const [lon, lat] = cellCentre(grid, i % grid.cols, Math.floor(i / grid.cols));
      const d = input.dryness(lon, lat);
      if (d !== null && Number.isFinite(d)) {
        risk *= 0.25 + 0.75 * Math.min(1, Math.max(0, d));
        dried++;
      }
    }
    values[i] = risk;
  }
  input.onProgress?.(1);
  return {
    grid,
    frames: [{ element: FIRE_RISK_ELEMENT, fromMin: -windowH * 60, toMin: 0, values }],
    facts: {
      window_h: windowH,
      flashes: flashes.length,
      positive_flashes: positive,
      dryness_applied: dried > 0,
      dryness_cells: dried,
    },
  };
}

/** Strokes grouped into flashes (by flash id; a stroke without one is a flash of its own), in the window. */
function flashesOf(s: FireStrokes, nowMs: number, windowMs: number): Flash[] {
  const out: Flash[] = [];
  const byId = new Map<number, Flash>();
  for (let i = 0; i < s.timeMs.length; i++) {
    const t = s.timeMs[i] as number;
    if (t > nowMs || nowMs - t > windowMs) continue;
    const id = s.flashId[i] as number;
    const positive = (s.peakKa[i] as number) > 0;
    const known = Number.isNaN(id) ? undefined : byId.get(id);
    if (known) {
      known.strokes++;
      known.positive ||= positive;
      // The flash is where its first stroke struck.
      if (t < known.timeMs) Object.assign(known, { timeMs: t, lat: s.lat[i], lon: s.lon[i] });
      continue;
    }
    const flash = { timeMs: t, lat: s.lat[i] as number, lon: s.lon[i] as number, strokes: 1, positive };
    out.push(flash);
    if (!Number.isNaN(id)) byId.set(id, flash);
  }
  return out;
}

function boxOf(flashes: readonly Flash[], margin: number): Bbox | null {
  if (flashes.length === 0) return null;
  const box = { west: 180, south: 90, east: -180, north: -90 };
  for (const f of flashes) {
    box.west = Math.min(box.west, f.lon);
    box.east = Math.max(box.east, f.lon);
    box.south = Math.min(box.south, f.lat);
    box.north = Math.max(box.north, f.lat);
  }
  return {
    west: box.west - margin,
    south: box.south - margin,
    east: box.east + margin,
    north: box.north + margin,
  };
}
