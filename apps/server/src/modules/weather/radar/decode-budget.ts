import { AppError } from '../../../lib/app-error.js';

/**
 * What decoding a radar file may cost, decided from its header before anything is inflated: an HDF5 chunk
 * is inflated whole (a 633 KB file can hold one gzip chunk of 640 MB of zeros), and the WebAssembly memory
 * the HDF5 library grows into is never given back while its worker lives. A file over the budget is refused
 * with 400 `radar.too_large` naming the limit; what it allows is decoded on a worker that ends after the file.
 */
export interface DecodeLimits {
  /** Bytes a file's decode may hold at once (`RADAR_DECODE_MAX_MB`). */
  maxBytes: number;
}

export const DEFAULT_DECODE_MAX_MB = 256;
export const DEFAULT_DECODE_LIMITS: DecodeLimits = { maxBytes: DEFAULT_DECODE_MAX_MB * 2 ** 20 };
/**
 * An interlaced (Adam7) PNG has no whole row until its last pass: it is decoded whole (fast-png), which takes
 * seconds per ten million pixels. Radar mosaics are published without interlacing; larger interlaced ones
 * are refused from their header.
 */
export const MAX_INTERLACED_PIXELS = 4096 * 4096;
/**
 * Cells read from an HDF5 dataset at a time (a band of whole rows, ~32 MB of 64-bit codes), so neither the
 * JavaScript heap nor the WebAssembly memory holds a whole mosaic.
 */
export const BAND_CELLS = 4_000_000;

const MB = 2 ** 20;
const mb = (bytes: number) => `${Math.ceil(bytes / MB)} MB`;

/** A dataset's layout as its header gives it: bytes per value, and its chunk shape (null: contiguous). */
export interface DatasetLayout {
  elementSize: number;
  chunks: number[] | null;
}

/**
 * Rows per band: whole chunks of a chunked dataset, so each chunk is inflated once (HDF5's chunk cache is
 * 1 MB); at most the grid.
 */
export function bandRows(layout: DatasetLayout, cols: number, rows: number): number {
  const chunkRows = Math.max(1, layout.chunks?.[0] ?? 1);
  return Math.min(rows, chunkRows * Math.max(1, Math.floor(BAND_CELLS / (chunkRows * cols))));
}

export interface OdimCost {
  /** One chunk inflated whole, in the WebAssembly memory. */
  chunkBytes: number;
  /** One band of rows: read into the WebAssembly memory, then copied out. */
  bandBytes: number;
  /** The codes kept: the grid, or its block-reduced form. */
  outputBytes: number;
  total: number;
}

/** The most a `cols × rows` dataset of `layout`, read band by band and reduced by `block`, holds at once. */
export function odimDecodeCost(layout: DatasetLayout, cols: number, rows: number, block: number): OdimCost {
  const chunkBytes = layout.chunks ? layout.chunks.reduce((n, d) => n * d, layout.elementSize) : 0;
  const bandBytes = bandRows(layout, cols, rows) * cols * layout.elementSize;
  const outputBytes = Math.ceil(cols / block) * Math.ceil(rows / block) * layout.elementSize;
  return { chunkBytes, bandBytes, outputBytes, total: chunkBytes + 2 * bandBytes + outputBytes };
}

/** Refuses an ODIM dataset whose decode would hold more than the budget, before any of it is read. */
export function checkOdimCost(
  path: string,
  layout: DatasetLayout,
  size: { cols: number; rows: number },
  block: number,
  limits: DecodeLimits,
): void {
  const cost = odimDecodeCost(layout, size.cols, size.rows, block);
  if (cost.total <= limits.maxBytes) return;
  const chunk = layout.chunks
    ? `a chunk of ${layout.chunks.join(' × ')} values of ${layout.elementSize} bytes inflated whole (${mb(cost.chunkBytes)}), `
    : '';
  throw tooLarge(
    `${path}/data would take ${mb(cost.total)} to decode (${chunk}bands of ${mb(cost.bandBytes)} read, ${mb(cost.outputBytes)} kept), more than the ${mb(limits.maxBytes)} allowed (RADAR_DECODE_MAX_MB)`,
    `${path}/data`,
  );
}

export interface PngLayout {
  width: number;
  height: number;
  interlaced: boolean;
  /** Bytes of one row, without its filter byte. */
  stride: number;
}

/**
 * An interlaced PNG is decoded whole: its inflated data and its pixels, each about `stride × height`. A
 * PNG without interlacing is read row by row and costs its stored grid only (see `checkGridSize`).
 */
export function checkPngCost(png: PngLayout, limits: DecodeLimits): void {
  if (!png.interlaced) return;
  const pixels = png.width * png.height;
  if (pixels > MAX_INTERLACED_PIXELS) {
    throw tooLarge(
      `an interlaced (Adam7) PNG of ${png.width} × ${png.height} pixels is decoded whole: at most ${MAX_INTERLACED_PIXELS} pixels (4096 × 4096) are read; save it without interlacing`,
    );
  }
  const bytes = 2 * (png.stride + 1) * png.height;
  if (bytes > limits.maxBytes) {
    throw tooLarge(
      `an interlaced (Adam7) PNG of ${png.width} × ${png.height} pixels would take ${mb(bytes)} to decode, more than the ${mb(limits.maxBytes)} allowed (RADAR_DECODE_MAX_MB)`,
    );
  }
}

/** A file whose decode would cost more than a limit allows (400), naming the limit and the value. */
export function tooLarge(message: string, field = '(body)'): AppError {
  return new AppError('radar.too_large', 400, message, [{ field, message }]);
}
