import { BlockMaxReducer } from '@thunderwatch/domain/radar-reduce';
import type { CodeArray, RadarScale } from '@thunderwatch/domain/radar-scale';
import type { Dataset } from 'h5wasm/node';
import { badFile } from './radar-frame.js';

/**
 * Cells read from an HDF5 dataset at a time while reducing (a band of whole rows, ~32 MB of 64-bit codes),
 * so neither the JavaScript heap nor the WebAssembly memory (which never shrinks) holds a whole mosaic.
 */
const BAND_CELLS = 4_000_000;

const isCodeArray = (v: unknown): v is CodeArray =>
  v instanceof Uint8Array ||
  v instanceof Uint16Array ||
  v instanceof Uint32Array ||
  v instanceof Int8Array ||
  v instanceof Int16Array ||
  v instanceof Int32Array ||
  v instanceof Float32Array ||
  v instanceof Float64Array;

/**
 * Rows per band: whole chunks of a chunked dataset, so each chunk is inflated once (HDF5's chunk cache is
 * 1 MB); a chunk of the whole grid is read at once.
 */
function bandRows(data: Dataset, cols: number): number {
  const chunkRows = data.metadata.chunks?.[0] ?? 1;
  return chunkRows * Math.max(1, Math.floor(BAND_CELLS / (chunkRows * cols)));
}

/**
 * The codes of an ODIM `data` dataset of `cols × rows` (rows from the north), reduced by `block` (see
 * `BlockMaxReducer`) band by band; with block 1 the grid as it is.
 */
export function readCodes(
  path: string,
  data: Dataset,
  size: { cols: number; rows: number },
  block: number,
  scale: RadarScale,
): CodeArray {
  const { cols, rows } = size;
  const shape = data.shape ?? [];
  if (shape.length !== 2) throw badFile(`${path}/data is not a 2-D grid`, `${path}/data`);
  const [dataRows, dataCols] = shape as [number, number];
  if (dataRows !== rows || dataCols !== cols) {
    throw badFile(
      `grid size mismatch: ${path}/data is ${dataCols} × ${dataRows} cells, where/xsize × ysize say ${cols} × ${rows}`,
      `${path}/data`,
    );
  }
  const checked = (value: unknown): CodeArray => {
    if (isCodeArray(value)) return value;
    throw badFile(
      `${path}/data has type ${JSON.stringify(data.dtype)}: 8–32-bit integers or floats expected`,
      `${path}/data`,
    );
  };
  if (block === 1) return checked(data.value);
  const step = bandRows(data, cols);
  let reducer: BlockMaxReducer<CodeArray> | null = null;
  for (let r0 = 0; r0 < rows; r0 += step) {
    const r1 = Math.min(rows, r0 + step);
    const band = checked(data.slice([[r0, r1]]));
    reducer ??= new BlockMaxReducer(
      cols,
      rows,
      block,
      scale,
      new (band.constructor as new (n: number) => CodeArray)(
        Math.ceil(cols / block) * Math.ceil(rows / block),
      ),
    );
    for (let r = 0; r < r1 - r0; r++) reducer.push(band, r * cols);
  }
  return (reducer as BlockMaxReducer<CodeArray>).out;
}
