/**
 * Lightning disaster risk of an administrative region, level 0 (none) to 4 (extreme), from what its last
 * hours of cloud-to-ground lightning and the storm cells' nowcasts say. Pure: the evaluation gathers the
 * factors (docs/architecture.md, "Disaster warnings", gives the reasoning of each threshold).
 *
 * 1. Flash density: CG flashes per km² of the region in the last hour, and in the last three hours (a storm
 *    that has lingered). Each level needs the density AND a minimum number of flashes: one flash over Macau
 *    (33 km², 0.03 /km²) is no warning, while 300 flashes scattered over Hulunbuir (250,000 km²) stay below
 *    level 1 by their density.
 * 2. Peak current: a region with lightning (level ≥ 1 from density) goes one level up when a stroke of
 *    |I| ≥ 150 kA struck, or at least 10 strokes of |I| ≥ 100 kA: the strokes that damage structures and
 *    power lines (GB 50057 designs class-I protection for 200 kA; a median CG is about 30 kA).
 * 3. Nowcast: a cell whose +30 min polygon overlaps the region makes it at least 1, or 2 if the cell is
 *    jumping (a lightning jump precedes severe weather) or produces ≥ 5 CG flashes a minute; a +60 min
 *    polygon alone makes it at least 1. The nowcast warns ahead of the lightning but never above 2: the
 *    levels above need lightning that happened.
 */

export type DisasterLevel = 0 | 1 | 2 | 3 | 4;

export const DISASTER_RISK = {
  /** CG flashes/km² in the last hour for levels 1..4. */
  density1h: [0.002, 0.01, 0.03, 0.08],
  /** …and at least this many CG flashes in that hour. */
  minFlashes1h: [3, 10, 30, 80],
  /** CG flashes/km² in the last 3 hours for levels 1..4 (about twice the hour's: a storm lingering). */
  density3h: [0.004, 0.02, 0.06, 0.16],
  minFlashes3h: [5, 20, 60, 160],
  /** |kA| of one stroke that raises the level by one. */
  extremeKa: 150,
  /** |kA| of a strong stroke, and how many of them raise the level by one. */
  strongKa: 100,
  strongStrokes: 10,
  /** CG flashes per minute of a nowcast cell that make its +30 min overlap a level 2. */
  cellCgPerMin: 5,
  /** The nowcast never raises a region above this. */
  nowcastMax: 2,
} as const;

export interface DisasterFactors {
  area_km2: number;
  cg_flashes_1h: number;
  cg_flashes_3h: number;
  /** Largest |peak current| of the CG strokes in the last 3 hours (kA), 0 without. */
  max_abs_ka: number;
  /** CG strokes of |I| ≥ strongKa in the last 3 hours. */
  strong_strokes: number;
  /** Cells whose +30 min nowcast overlaps the region, how many of them jump or are very active, and +60 min. */
  cells_30: number;
  severe_cells_30: number;
  cells_60: number;
}

export interface DisasterRisk {
  level: DisasterLevel;
  /** What set the level: density_1h, density_3h, peak_current, nowcast_30, nowcast_60. */
  reasons: string[];
}

const R = DISASTER_RISK;

function densityLevel(flashes: number, areaKm2: number, density: readonly number[], min: readonly number[]) {
  if (areaKm2 <= 0) return 0;
  const d = flashes / areaKm2;
  let level = 0;
  for (let i = 0; i < density.length; i++) {
    if (d >= (density[i] as number) && flashes >= (min[i] as number)) level = i + 1;
  }
  return level;
}

export function disasterRisk(f: DisasterFactors): DisasterRisk {
  const reasons: string[] = [];
  const d1 = densityLevel(f.cg_flashes_1h, f.area_km2, R.density1h, R.minFlashes1h);
  const d3 = densityLevel(f.cg_flashes_3h, f.area_km2, R.density3h, R.minFlashes3h);
  let level = Math.max(d1, d3);
  if (d1 > 0 && d1 === level) reasons.push('density_1h');
  if (d3 > 0 && d3 === level) reasons.push('density_3h');
  if (level > 0 && (f.max_abs_ka >= R.extremeKa || f.strong_strokes >= R.strongStrokes)) {
    level = Math.min(4, level + 1);
    reasons.push('peak_current');
  }
  const nowcast = f.severe_cells_30 > 0 ? R.nowcastMax : f.cells_30 > 0 || f.cells_60 > 0 ? 1 : 0;
  if (nowcast > level) {
    level = nowcast;
    reasons.length = 0;
    reasons.push(f.cells_30 > 0 ? 'nowcast_30' : 'nowcast_60');
  }
  return { level: level as DisasterLevel, reasons };
}

/**
 * The level on the lightning scale (1 yellow, 2 orange, 3 red) that distribution lists' minimum level and
 * the inbox compare: the same colour; blue (1) is 0, below every list: shown and listed, never sent.
 */
export const disasterDeliveryLevel = (level: 1 | 2 | 3 | 4): 0 | 1 | 2 | 3 => (level - 1) as 0 | 1 | 2 | 3;
