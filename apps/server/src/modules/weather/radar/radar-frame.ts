import type { GridGeoref, LonLatBounds } from '@thunderwatch/domain/weather/radar-grid';
import type { CodeArray, RadarScale } from '@thunderwatch/domain/weather/radar-scale';
import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import { AppError } from '../../../lib/app-error.js';

/**
 * The largest grid a file may hold: a side, and cells (IEM's N0Q mosaic is 12,200 × 5,400, 66 million). Larger
 * ones are refused from their header, before any pixel memory is taken; grids over 4,000 a side
 * (`MAX_STORED_SIDE`) are stored block-reduced.
 */
export const MAX_SOURCE_SIDE = 16_384;
export const MAX_SOURCE_CELLS = 80_000_000;

export const DTYPES = ['u8', 'u16', 'u32', 'i8', 'i16', 'i32', 'f32', 'f64'] as const;
export type Dtype = (typeof DTYPES)[number];

/** A frame as read from a file (or made by the simulator), before it is stored. */
export interface DecodedFrame {
  /** The product the file names (ODIM `what/prodname`); the ingest may override it. */
  product: string | null;
  timeMs: number;
  leadMin: number;
  periodMin: number | null;
  quantity: string;
  cols: number;
  rows: number;
  georef: GridGeoref;
  bounds: LonLatBounds;
  scale: RadarScale;
  raw: CodeArray;
  simulated: boolean;
  /** The grid as the file holds it, where the decoder has already reduced it (`cols, rows` are the stored). */
  sourceGrid?: SourceGrid;
}

/** A file's grid size, and the source cells per stored cell along a side (1: stored as it is). */
export interface SourceGrid {
  cols: number;
  rows: number;
  block: number;
}

/** A frame ready to store: its files' bytes and what the row says of them. */
export interface PreparedFrame extends Omit<DecodedFrame, 'raw' | 'sourceGrid'> {
  sourceGrid: SourceGrid;
  dtype: Dtype;
  /** The raw codes, deflated. */
  grid: Uint8Array;
  png: Uint8Array;
  imageWidth: number;
  imageHeight: number;
  /** Of the codes, grid and scale: equal frames have equal hashes. */
  hash: string;
}

export function dtypeOf(raw: CodeArray): Dtype {
  if (raw instanceof Uint8Array) return 'u8';
  if (raw instanceof Uint16Array) return 'u16';
  if (raw instanceof Uint32Array) return 'u32';
  if (raw instanceof Int8Array) return 'i8';
  if (raw instanceof Int16Array) return 'i16';
  if (raw instanceof Int32Array) return 'i32';
  if (raw instanceof Float32Array) return 'f32';
  return 'f64';
}

/** The codes of a stored grid (little-endian bytes of `dtype`). */
export function codesOf(dtype: Dtype, bytes: Uint8Array): CodeArray {
  // A copy in a buffer of its own: a Buffer's `slice` is a view, and its bytes may sit at any offset.
  const b = new Uint8Array(bytes).buffer;
  switch (dtype) {
    case 'u8':
      return new Uint8Array(b);
    case 'u16':
      return new Uint16Array(b);
    case 'u32':
      return new Uint32Array(b);
    case 'i8':
      return new Int8Array(b);
    case 'i16':
      return new Int16Array(b);
    case 'i32':
      return new Int32Array(b);
    case 'f32':
      return new Float32Array(b);
    default:
      return new Float64Array(b);
  }
}

/** A file the ingest cannot read, saying what is wrong with it (400). */
export function badFile(message: string, field = '(body)'): AppError {
  return new AppError('radar.invalid_file', 400, message, [{ field, message }]);
}

/** The plain form of an AppError, to cross from the worker thread. */
export interface ErrorShape {
  code: AppError['code'];
  statusCode: number;
  message: string;
  details?: ErrorDetail[];
}

/** Checks a file's grid size, from its header, before anything is allocated for the grid. */
export function checkGridSize(cols: number, rows: number, field: string): void {
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) {
    throw badFile(`grid size ${cols} × ${rows} is not a positive whole number of cells`, field);
  }
  if (cols > MAX_SOURCE_SIDE || rows > MAX_SOURCE_SIDE) {
    throw badFile(`grid of ${cols} × ${rows} cells is larger than ${MAX_SOURCE_SIDE} cells a side`, field);
  }
  if (cols * rows > MAX_SOURCE_CELLS) {
    throw badFile(
      `grid of ${cols} × ${rows} cells has ${cols * rows} cells, more than ${MAX_SOURCE_CELLS}`,
      field,
    );
  }
}
