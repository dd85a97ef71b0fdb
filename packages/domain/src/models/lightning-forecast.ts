import {
  combineInto,
  type ExtrapolationParams,
  footprintAt,
  footprintBox,
  leadsOf,
  type NowcastCellInput,
  usableCells,
  windowChances,
} from '../cells/cell-footprint.js';
import {
  type Bbox,
  boxAroundKm,
  cellAt,
  type GridModelResult,
  type GridSpec,
  gridOver,
  type Progress,
  QUIET_CELL_DEG,
  unionBox,
} from './model-grid.js';

/**
 * Lightning forecast, 0–6 h, hour by hour. This is a statistical extrapolation, not a weather model: it
 * knows nothing of the atmosphere, only what the lightning did lately. Two parts, combined as independent
 * chances:
 * - the storm cells carried forward as in the nowcast, with a wider error and a survival that makes a
 *   cell's part fade within about two hours (cells rarely live longer);
 * - persistence: where lightning was frequent in the last hour it is likely to go on for a while (storm
 *   systems outlive their cells). The last hour's flashes per grid cell, smoothed over about 20 km, give a
 *   chance that fades with lead (e-folding `persistenceMin`) and does not move.
 * Cells it cannot place or weigh (see isUsableCell) are left out and counted (`cells_skipped`), and so are
 * flashes without a position on the globe.
 * Skill falls quickly after the first hour; later hours say where activity may linger, not where new
 * storms will start (that needs a weather model: see the weather forecast adapters).
 */
export const FORECAST: ExtrapolationParams & {
  cellDeg: number;
  sampleMin: number;
  hours: number;
  recentMin: number;
  /** Smoothing radius of the last hour's flashes, in grid cells (0.1°: about 20 km). */
  smoothCells: number;
  /** Flashes per smoothed grid cell in the last hour that give an even chance of persistence. */
  halfFlashes: number;
  persistenceMin: number;
} = {
  cellDeg: 0.1,
  sampleMin: 15,
  hours: 6,
  recentMin: 60,
  smoothCells: 2,
  halfFlashes: 3,
  persistenceMin: 120,
  minRadiusKm: 5,
  edgeSoftness: 0.3,
  positionErrorKmPerMin: 0.3,
  halfRatePerMin: 1,
  lifetimeMin: { growing: 60, steady: 45, decaying: 20 },
  rateChangePerHour: { growing: 0.3, steady: 0, decaying: -0.8 },
  radiusChangePerHour: { growing: 0.3, steady: 0, decaying: -0.5 },
};

export const FORECAST_ELEMENT = 'lightning_probability';

export interface RecentFlash {
  timeMs: number;
  lat: number;
  lon: number;
}

export function lightningForecast(input: {
  cells: readonly NowcastCellInput[];
  /** Flashes (one point each) of the last hour. */
  flashes: readonly RecentFlash[];
  nowMs: number;
  area: Bbox;
  onProgress?: Progress;
}): GridModelResult {
  const p = FORECAST;
  const end = p.hours * 60;
  const recent = input.flashes.filter(
    (f) =>
      f.timeMs <= input.nowMs &&
      input.nowMs - f.timeMs <= p.recentMin * 60_000 &&
      Math.abs(f.lat) <= 90 &&
      Math.abs(f.lon) <= 180,
  );
  const { usable: cells, skipped } = usableCells(input.cells);
  const tracks = cells.map((c) => leadsOf(0, end, p.sampleMin).map((t) => ({ t, f: footprintAt(c, t, p) })));
  const margin = (p.smoothCells + 1) * p.cellDeg * 111.19;
  const reach = unionBox([
    ...tracks.flatMap((track) => track.map(({ f }) => footprintBox(f))),
    ...flashBoxes(recent, margin),
  ]);
  const grid = reach ? gridOver(reach, p.cellDeg) : gridOver(input.area, QUIET_CELL_DEG);
  const persistence = persistenceOf(grid, recent);
  const frames = Array.from({ length: p.hours }, (_, h) => ({
    element: FORECAST_ELEMENT,
    fromMin: h * 60,
    toMin: (h + 1) * 60,
    values: new Float32Array(grid.cols * grid.rows),
  }));
  frames.forEach((frame, h) => {
    const fade = Math.exp(-(frame.fromMin + 30) / p.persistenceMin);
    for (let i = 0; i < persistence.length; i++) frame.values[i] = (persistence[i] as number) * fade;
    for (const track of tracks) {
      const inWindow = track.filter(({ t }) => t >= frame.fromMin && t <= frame.toMin).map(({ f }) => f);
      combineInto(frame.values, windowChances(grid, inWindow));
    }
    input.onProgress?.((h + 1) / frames.length);
  });
  return {
    grid,
    frames,
    facts: { cells: cells.length, cells_skipped: skipped, recent_flashes: recent.length },
  };
}

/** The box of the recent flashes, widened by the smoothing (one box: flashes are many, boxes are few). */
function flashBoxes(flashes: readonly RecentFlash[], marginKm: number): Bbox[] {
  if (flashes.length === 0) return [];
  let west = 180;
  let east = -180;
  let south = 90;
  let north = -90;
  for (const f of flashes) {
    west = Math.min(west, f.lon);
    east = Math.max(east, f.lon);
    south = Math.min(south, f.lat);
    north = Math.max(north, f.lat);
  }
  const sw = boxAroundKm(west, south, marginKm);
  const ne = boxAroundKm(east, north, marginKm);
  return [{ west: sw.west, south: sw.south, east: ne.east, north: ne.north }];
}

/** The chance of lightning going on where it was, from the last hour's flashes per smoothed grid cell. */
function persistenceOf(grid: GridSpec, flashes: readonly RecentFlash[]): Float32Array {
  const counts = new Float32Array(grid.cols * grid.rows);
  for (const f of flashes) {
    const i = cellAt(grid, f.lon, f.lat);
    if (i >= 0) counts[i] = (counts[i] as number) + 1;
  }
  const smooth = boxBlur(grid, counts, FORECAST.smoothCells);
  const out = new Float32Array(smooth.length);
  for (let i = 0; i < smooth.length; i++) out[i] = 1 - 2 ** (-(smooth[i] as number) / FORECAST.halfFlashes);
  return out;
}

/** The sum over a square of (2r+1)² cells round each cell (summed-area table: linear in the grid). */
function boxBlur(grid: GridSpec, values: Float32Array, r: number): Float32Array {
  const { cols, rows } = grid;
  const sat = new Float64Array((cols + 1) * (rows + 1));
  for (let y = 0; y < rows; y++) {
    let line = 0;
    for (let x = 0; x < cols; x++) {
      line += values[y * cols + x] as number;
      sat[(y + 1) * (cols + 1) + x + 1] = (sat[y * (cols + 1) + x + 1] as number) + line;
    }
  }
  const out = new Float32Array(values.length);
  for (let y = 0; y < rows; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(rows, y + r + 1);
    for (let x = 0; x < cols; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(cols, x + r + 1);
      const s = (k: number, j: number) => sat[k * (cols + 1) + j] as number;
      out[y * cols + x] = s(y1, x1) - s(y0, x1) - s(y1, x0) + s(y0, x0);
    }
  }
  return out;
}
