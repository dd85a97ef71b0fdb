import type { SimCell } from '../lightning/simulator.js';
import type { LonLatBounds } from './radar-grid.js';
import { RAMP_NODATA, RAMP_UNDETECT } from './radar-ramps.js';
import type { RadarScale } from './radar-scale.js';

/**
 * The demo world's radar: reflectivity consistent with the simulator's storm cells, so that radar and
 * strokes line up. Each cell has a convective core whose peak follows its life cycle (≈ 35 dBZ while it
 * grows, 50–60 dBZ when mature, more for cells that flash more) and falls off outward, and a stratiform
 * region (25–35 dBZ) trailing behind it that lengthens as it ages. Cells add up as linear Z, with a little
 * texture that moves with each cell. Deterministic: the same cells give the same grid.
 */

/** Raw codes like NEXRAD N0Q: `dBZ = raw × 0.5 − 32`; 0 nothing detected, 255 no data. */
export const SIM_RADAR_SCALE: RadarScale = {
  gain: 0.5,
  offset: -32,
  nodata: RAMP_NODATA,
  undetect: RAMP_UNDETECT,
};

/** Grid spacing of the simulated radar, degrees (≈ 2 km). */
export const SIM_RADAR_STEP_DEG = 0.02;
/** Echoes weaker than this are "nothing detected". */
const MIN_DBZ = 5;

export type SimRadarCell = Pick<
  SimCell,
  'id' | 'lat' | 'lon' | 'headingDeg' | 'coreKm' | 'flashesPerMin' | 'peakFlashesPerMin' | 'bornMs' | 'lifeMs'
>;

export interface SimRadarGrid {
  bounds: LonLatBounds;
  cols: number;
  rows: number;
}

/** The simulated radar's grid over a region. */
export function simRadarGrid(bounds: LonLatBounds, stepDeg = SIM_RADAR_STEP_DEG): SimRadarGrid {
  return {
    bounds,
    cols: Math.round((bounds.east - bounds.west) / stepDeg),
    rows: Math.round((bounds.north - bounds.south) / stepDeg),
  };
}

/** Peak reflectivity of a cell's core, dBZ. */
export function coreDbz(cell: SimRadarCell): number {
  const stage = cell.peakFlashesPerMin > 0 ? Math.min(1, cell.flashesPerMin / cell.peakFlashesPerMin) : 0;
  const vigour = Math.log10(1 + cell.peakFlashesPerMin) / Math.log10(21);
  return 32 + 20 * Math.sqrt(stage) + 6 * vigour;
}

/** Deterministic value noise in [-1, 1] on a unit lattice. */
function noise(x: number, y: number, seed: number): number {
  const hash = (i: number, j: number) => {
    let h = (i * 374_761_393 + j * 668_265_263 + seed * 2_147_483_647) | 0;
    h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
    return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_295;
  };
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = hash(i, j) * (1 - sx) + hash(i + 1, j) * sx;
  const bottom = hash(i, j + 1) * (1 - sx) + hash(i + 1, j + 1) * sx;
  return 2 * (top * (1 - sy) + bottom * sy) - 1;
}

const KM_PER_DEG_LAT = 110.57;

/** Adds one cell's echo, as linear Z, to the cells of `z` it reaches. */
function addCell(z: Float32Array, grid: SimRadarGrid, cell: SimRadarCell, timeMs: number): void {
  const { bounds, cols, rows } = grid;
  const stepLon = (bounds.east - bounds.west) / cols;
  const stepLat = (bounds.north - bounds.south) / rows;
  const kmPerDegLon = 111.32 * Math.cos((cell.lat * Math.PI) / 180);
  const tau = Math.min(1, Math.max(0, (timeMs - cell.bornMs) / cell.lifeMs));
  const peak = coreDbz(cell);
  const coreR = cell.coreKm * 1.2;
  // Stratiform rain trails the core, up to ~5 core radii in a mature-to-old cell.
  const trailKm = cell.coreKm * (1.5 + 5 * tau);
  const trailW = cell.coreKm * 2.2;
  const trailDbz = 24 + 10 * Math.min(1, tau * 2) * (peak > 40 ? 1 : 0.5);
  const reach = Math.max(3 * coreR, trailKm * 2 + 2 * trailW);
  const rad = (cell.headingDeg * Math.PI) / 180;
  const ux = Math.sin(rad);
  const uy = Math.cos(rad);
  const zCore = 10 ** (peak / 10);
  const zTrail = 10 ** (trailDbz / 10);
  const c0 = Math.max(0, Math.floor((cell.lon - reach / kmPerDegLon - bounds.west) / stepLon));
  const c1 = Math.min(cols - 1, Math.floor((cell.lon + reach / kmPerDegLon - bounds.west) / stepLon));
  const r0 = Math.max(0, Math.floor((bounds.north - (cell.lat + reach / KM_PER_DEG_LAT)) / stepLat));
  const r1 = Math.min(rows - 1, Math.floor((bounds.north - (cell.lat - reach / KM_PER_DEG_LAT)) / stepLat));
  for (let r = r0; r <= r1; r++) {
    const lat = bounds.north - (r + 0.5) * stepLat;
    const dy = (lat - cell.lat) * KM_PER_DEG_LAT;
    for (let c = c0; c <= c1; c++) {
      const dx = (bounds.west + (c + 0.5) * stepLon - cell.lon) * kmPerDegLon;
      const along = dx * ux + dy * uy;
      const across = -dx * uy + dy * ux;
      const core = zCore * Math.exp(-(dx * dx + dy * dy) / (coreR * coreR));
      // Behind the core (along < 0): an ellipse centred half a trail back.
      const back = (along + trailKm / 2) / (trailKm / 2 + cell.coreKm);
      const trail = zTrail * Math.exp(-(back * back) - (across * across) / (trailW * trailW));
      const texture =
        10 ** ((3 * noise(along / 4, across / 4, cell.id) + 1.5 * noise(along, across, cell.id + 7)) / 10);
      z[r * cols + c] = (z[r * cols + c] as number) + (core + trail) * texture;
    }
  }
}

/** Raw reflectivity codes (see SIM_RADAR_SCALE), row by row from the north, for the cells at `timeMs`. */
export function simulatedReflectivity(
  cells: readonly SimRadarCell[],
  grid: SimRadarGrid,
  timeMs: number,
): Uint8Array {
  const z = new Float32Array(grid.cols * grid.rows);
  for (const cell of cells) addCell(z, grid, cell, timeMs);
  const out = new Uint8Array(z.length);
  const { gain, offset } = SIM_RADAR_SCALE;
  for (let p = 0; p < z.length; p++) {
    const zp = z[p] as number;
    if (zp <= 0) continue;
    const dbz = 10 * Math.log10(zp);
    if (dbz < MIN_DBZ) continue;
    out[p] = Math.min(254, Math.max(1, Math.round((dbz - offset) / gain)));
  }
  return out;
}
