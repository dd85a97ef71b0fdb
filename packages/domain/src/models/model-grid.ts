/**
 * The regular latitude/longitude grids the models write: square cells of `cellDeg` degrees from the
 * south-west corner (`west`, `south`), `cols` east by `rows` north, values row by row from the south
 * (index `row * cols + col`). A cell's value stands for its centre.
 */
export interface GridSpec {
  west: number;
  south: number;
  cellDeg: number;
  cols: number;
  rows: number;
}

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const KM_PER_DEG = 111.19;

/**
 * The largest grid a model writes: beyond it the cells grow (doubling) until the area fits, so a
 * continent of storms costs a coarser grid, never an unbounded one. 1,000,000 cells are 1 MB per frame.
 */
export const MAX_GRID_CELLS = 1_000_000;

/**
 * The most cells any grid may have, whatever budget a caller passes: 50,000,000 float32 values are 200 MB
 * a frame. A GridSpec beyond it (or with a cell size or origin that is not a finite number) is refused by
 * the functions that walk a grid, so that a bad grid costs a RangeError, not hours of a loop.
 */
export const GRID_CELLS_LIMIT = 50_000_000;

/** Why `g` is no grid a loop may walk, or null for a sound one. */
export function gridProblem(g: GridSpec): string | null {
  if (!Number.isFinite(g.west) || !Number.isFinite(g.south)) return 'its origin is not a finite number';
  if (!(Number.isFinite(g.cellDeg) && g.cellDeg > 0)) return `its cell size is not above 0 (${g.cellDeg})`;
  if (!(Number.isSafeInteger(g.cols) && g.cols >= 1 && Number.isSafeInteger(g.rows) && g.rows >= 1))
    return `its columns and rows are not whole numbers from 1 (${g.cols} × ${g.rows})`;
  if (g.cols * g.rows > GRID_CELLS_LIMIT) return `it has more than ${GRID_CELLS_LIMIT} cells`;
  return null;
}

/** The cell size of a run with nothing in it: its zero grid covers the whole area coarsely (cheap to store). */
export const QUIET_CELL_DEG = 1;

/**
 * Doublings of the cell before it covers the whole world in one cell: from the smallest positive double
 * (5e-324) to 360° takes 1,084, so this bound is never reached by a valid call; it only makes the loop's end
 * plain to see.
 */
const MAX_DOUBLINGS = 1_100;

/**
 * The grid of `cellDeg` (or coarser, see MAX_GRID_CELLS) covering `box` (clamped to the world), on whole
 * multiples of the cell. A box with a corner that is not a finite number, a cell size that is not a finite
 * positive number or a budget under one cell is a caller's bug: RangeError naming it (a NaN corner once made
 * the doubling loop below run for ever).
 */
export function gridOver(box: Bbox, cellDeg: number, maxCells = MAX_GRID_CELLS): GridSpec {
  const { west: w, south: s, east: e, north: n } = box;
  if (![w, s, e, n].every(Number.isFinite)) {
    throw new RangeError(
      `gridOver: the box has a corner that is not a finite number (${w}, ${s}, ${e}, ${n})`,
    );
  }
  if (!(Number.isFinite(cellDeg) && cellDeg > 0)) {
    throw new RangeError(`gridOver: the cell size must be a finite number above 0, not ${cellDeg}`);
  }
  if (!(maxCells >= 1)) throw new RangeError(`gridOver: the cell budget must be at least 1, not ${maxCells}`);
  const budget = Math.min(maxCells, GRID_CELLS_LIMIT);
  const clamped = {
    west: clamp(w, -180, 180),
    east: clamp(e, -180, 180),
    south: clamp(s, -90, 90),
    north: clamp(n, -90, 90),
  };
  let size = cellDeg;
  for (let i = 0; i <= MAX_DOUBLINGS; i++) {
    const west = Math.max(-180, Math.floor(clamped.west / size) * size);
    const south = Math.max(-90, Math.floor(clamped.south / size) * size);
    const cols = Math.max(1, Math.ceil((clamped.east - west) / size));
    const rows = Math.max(1, Math.ceil((clamped.north - south) / size));
    if (cols * rows <= budget) return { west: round(west), south: round(south), cellDeg: size, cols, rows };
    size *= 2;
  }
  throw new RangeError(`gridOver: no grid of at most ${maxCells} cells covers the box`);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1e9) / 1e9;

/** Longitude and latitude of the centre of cell (col, row). */
export function cellCentre(g: GridSpec, col: number, row: number): [number, number] {
  return [g.west + (col + 0.5) * g.cellDeg, g.south + (row + 0.5) * g.cellDeg];
}

/** The box of a disc of `km` round a point (clamped at the poles and the antimeridian). */
export function boxAroundKm(lon: number, lat: number, km: number): Bbox {
  const dLat = km / KM_PER_DEG;
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  const dLon = Math.min(180, km / (KM_PER_DEG * cos));
  return {
    west: Math.max(-180, lon - dLon),
    east: Math.min(180, lon + dLon),
    south: Math.max(-90, lat - dLat),
    north: Math.min(90, lat + dLat),
  };
}

/** The smallest box holding all of `boxes`, or null for none. */
export function unionBox(boxes: readonly Bbox[]): Bbox | null {
  if (boxes.length === 0) return null;
  const out = { ...(boxes[0] as Bbox) };
  for (const b of boxes) {
    out.west = Math.min(out.west, b.west);
    out.south = Math.min(out.south, b.south);
    out.east = Math.max(out.east, b.east);
    out.north = Math.max(out.north, b.north);
  }
  return out;
}

/**
 * Visits the cells whose centres lie in `box` (the part inside the grid), with the cell centre's offset
 * from (lon0, lat0) in km east and north (flat-earth: meant for discs of up to a few hundred km). At most
 * the grid's cells are visited; a grid with a problem (see gridProblem) is a RangeError.
 */
export function forCellsIn(
  g: GridSpec,
  box: Bbox,
  lon0: number,
  lat0: number,
  visit: (index: number, eastKm: number, northKm: number) => void,
): void {
  const problem = gridProblem(g);
  if (problem) throw new RangeError(`forCellsIn: the grid is no grid: ${problem}`);
  const c0 = Math.max(0, Math.ceil((box.west - g.west) / g.cellDeg - 0.5));
  const c1 = Math.min(g.cols - 1, Math.floor((box.east - g.west) / g.cellDeg - 0.5));
  const r0 = Math.max(0, Math.ceil((box.south - g.south) / g.cellDeg - 0.5));
  const r1 = Math.min(g.rows - 1, Math.floor((box.north - g.south) / g.cellDeg - 0.5));
  const kmPerDegLon = KM_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  for (let r = r0; r <= r1; r++) {
    const northKm = (g.south + (r + 0.5) * g.cellDeg - lat0) * KM_PER_DEG;
    for (let c = c0; c <= c1; c++) {
      visit(r * g.cols + c, (g.west + (c + 0.5) * g.cellDeg - lon0) * kmPerDegLon, northKm);
    }
  }
}

/** The index of the cell holding (lon, lat), or -1 outside the grid. */
export function cellAt(g: GridSpec, lon: number, lat: number): number {
  const c = Math.floor((lon - g.west) / g.cellDeg);
  const r = Math.floor((lat - g.south) / g.cellDeg);
  if (c < 0 || r < 0 || c >= g.cols || r >= g.rows) return -1;
  return r * g.cols + c;
}

/** Values in 0…1 as whole percent (0…100), one byte a cell: how outputs are stored and sent. */
export function toPercent(values: Float32Array | Float64Array): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    out[i] = v > 0 ? Math.min(100, Math.round(v * 100)) : 0;
  }
  return out;
}

/** The point `eastKm` east and `northKm` north of (lon, lat), on the flat-earth approximation above. */
export function offsetKm(lon: number, lat: number, eastKm: number, northKm: number): [number, number] {
  const lat1 = lat + northKm / KM_PER_DEG;
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return [lon + eastKm / (KM_PER_DEG * cos), lat1];
}

/** One field of a model's output: an element over one time window (minutes after the run's time). */
export interface ModelFrame {
  element: string;
  fromMin: number;
  toMin: number;
  /** 0…1 per grid cell. */
  values: Float32Array;
}

/** What a gridded model computes: the grid, its frames, and what a reader must know about them. */
export interface GridModelResult {
  grid: GridSpec;
  frames: ModelFrame[];
  /** Facts about this run (inputs counted, what was or was not applied), for the output's metadata. */
  facts: Record<string, number | boolean | string>;
}

/** Reports progress as a fraction 0…1. */
export type Progress = (fraction: number) => void;
