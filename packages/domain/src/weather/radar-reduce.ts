import { type GridGeoref, gridBounds, type Inverse, type LonLatBounds } from './radar-grid.js';
import type { CodeArray, RadarScale } from './radar-scale.js';

/**
 * Mosaics larger than the grids kept (IEM's N0Q: 12,200 × 5,400 cells) are stored block-reduced: a stored
 * cell covers `block × block` source cells and holds the block's highest value, so a storm core one source
 * cell wide keeps its full strength (an average would dilute it). A block with no value is `undetect` when
 * any of its cells was scanned, and `nodata` only when none was.
 */

/** The largest side of a stored grid: it bounds the files, the cached grids and the drawing. */
export const MAX_STORED_SIDE = 4000;

/** Source cells per stored cell along each side: the smallest that brings both sides within `maxSide`. */
export function reductionBlock(cols: number, rows: number, maxSide = MAX_STORED_SIDE): number {
  return Math.max(1, Math.ceil(Math.max(cols, rows) / maxSide));
}

export interface GridShape {
  cols: number;
  rows: number;
  georef: GridGeoref;
  bounds: LonLatBounds;
}

/**
 * The grid a source is stored as when reduced by `block`: the same upper-left corner, cells `block` times
 * larger, `ceil(size / block)` of them. Where the blocks do not tile the source, the last block is partial and
 * its stored cell reaches past the source's edge (by less than a stored cell); the bounds grow to match.
 */
export function reducedGrid(src: GridShape, block: number, inverse: Inverse): GridShape {
  if (!Number.isInteger(block) || block < 1) throw new RangeError(`block ${block} is not a whole number ≥ 1`);
  if (block === 1) return src;
  const cols = Math.ceil(src.cols / block);
  const rows = Math.ceil(src.rows / block);
  const georef = { ...src.georef, dx: src.georef.dx * block, dy: src.georef.dy * block };
  const tiles = cols * block === src.cols && rows * block === src.rows;
  return { cols, rows, georef, bounds: tiles ? src.bounds : gridBounds(georef, cols, rows, inverse) };
}

/** What a block has seen so far. */
const NOTHING = 0;
const UNDETECT = 1;
const VALUE = 2;

/**
 * Reduces a grid fed one source row at a time (row 0 at the top), so a decoder never holds the whole
 * source: only one row of block state (a code and a state per stored column) is kept. Codes are compared
 * as values: the highest code where `gain` > 0, the lowest where it is negative. NaN is no data, as in
 * `sampleOf`.
 */
export class BlockMaxReducer<T extends CodeArray> {
  readonly cols: number;
  readonly rows: number;
  private readonly best: T;
  private readonly state: Uint8Array;
  /** 1 where a higher code is a higher value, −1 where the gain is negative. */
  private readonly sign: number;
  private row = 0;

  constructor(
    private readonly srcCols: number,
    private readonly srcRows: number,
    private readonly block: number,
    private readonly scale: RadarScale,
    /** The stored grid, `ceil(srcCols / block) × ceil(srcRows / block)` codes, filled as rows come. */
    readonly out: T,
  ) {
    this.cols = Math.ceil(srcCols / block);
    this.rows = Math.ceil(srcRows / block);
    if (out.length !== this.cols * this.rows) {
      throw new RangeError(`the output holds ${out.length} codes, not ${this.cols} × ${this.rows}`);
    }
    this.best = new (out.constructor as new (n: number) => T)(this.cols);
    this.state = new Uint8Array(this.cols);
    this.sign = scale.gain > 0 ? 1 : -1;
  }

  /** Whether every source row has been pushed. */
  get done(): boolean {
    return this.row === this.srcRows;
  }

  /** The next source row: `srcCols` codes of `codes` from `offset`. */
  push(codes: ArrayLike<number>, offset = 0): void {
    if (this.done) throw new RangeError(`all ${this.srcRows} rows were pushed already`);
    const { srcCols, block, best, state, sign } = this;
    const { nodata } = this.scale;
    // Nothing detected is the commonest code of a mosaic: tested first (unless it is also the no-data code,
    // which sampleOf reads as no data).
    const undetect = this.scale.undetect === nodata ? Number.NaN : this.scale.undetect;
    for (let bc = 0, c = 0; bc < this.cols; bc++) {
      const end = c + block < srcCols ? c + block : srcCols;
      let s = state[bc] as number;
      let b = best[bc] as number;
      for (; c < end; c++) {
        const v = codes[offset + c] as number;
        if (v === undetect) {
          if (s === NOTHING) s = UNDETECT;
        } else if (v !== nodata && !Number.isNaN(v)) {
          if (s !== VALUE) {
            s = VALUE;
            b = v;
          } else if (sign * v > sign * b) b = v;
        }
      }
      state[bc] = s;
      best[bc] = b;
    }
    this.row++;
    if (this.row % block === 0 || this.done) this.flush(Math.ceil(this.row / block) - 1);
  }

  /** Writes a finished row of blocks and starts the next. */
  private flush(storedRow: number): void {
    const { cols, best, state, out } = this;
    const { nodata, undetect } = this.scale;
    const at = storedRow * cols;
    for (let bc = 0; bc < cols; bc++) {
      const s = state[bc];
      out[at + bc] = s === VALUE ? (best[bc] as number) : s === UNDETECT ? undetect : nodata;
    }
    state.fill(NOTHING);
  }
}

/** A whole grid reduced by `block`, in a new array of the same type. */
export function blockMax<T extends CodeArray>(
  raw: T,
  cols: number,
  rows: number,
  block: number,
  scale: RadarScale,
): T {
  if (raw.length !== cols * rows) throw new RangeError(`${raw.length} codes are not ${cols} × ${rows}`);
  const out = new (raw.constructor as new (n: number) => T)(
    Math.ceil(cols / block) * Math.ceil(rows / block),
  );
  const reducer = new BlockMaxReducer(cols, rows, block, scale, out);
  for (let r = 0; r < rows; r++) reducer.push(raw, r * cols);
  return out;
}
