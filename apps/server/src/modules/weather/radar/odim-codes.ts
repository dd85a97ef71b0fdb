import { BlockMaxReducer } from '@thunderwatch/domain/weather/radar-reduce';
import type { CodeArray, RadarScale } from '@thunderwatch/domain/weather/radar-scale';
import type { Dataset } from 'h5wasm/node';
import { bandRows, checkOdimCost, type DecodeLimits } from './decode-budget.js';
import { badFile } from './radar-frame.js';

const isCodeArray = (v: unknown): v is CodeArray =>
  v instanceof Uint8Array ||
  v instanceof Uint16Array ||
  v instanceof Uint32Array ||
  v instanceof Int8Array ||
  v instanceof Int16Array ||
  v instanceof Int32Array ||
  v instanceof Float32Array ||
  v instanceof Float64Array;

/** Integer and float types of 8 to 32 bits, and float64, as the HDF5 header gives them (class, bytes). */
const READABLE = new Set(['0:1', '0:2', '0:4', '1:4', '1:8']);

/**
 * The codes of an ODIM `data` dataset of `cols × rows` (rows from the north), read band by band and reduced
 * by `block` (see `BlockMaxReducer`); with block 1 the grid as it is. Its shape, type and what reading it
 * would cost (`checkOdimCost`) are checked from its header before any of it is read.
 */
export function readCodes(
  path: string,
  data: Dataset,
  size: { cols: number; rows: number },
  block: number,
  scale: RadarScale,
  limits: DecodeLimits,
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
  const badType = () =>
    badFile(
      `${path}/data has type ${JSON.stringify(data.dtype)}: 8–32-bit integers or floats expected`,
      `${path}/data`,
    );
  const meta = data.metadata;
  if (!READABLE.has(`${meta.type}:${meta.size}`) || meta.vlen) throw badType();
  const layout = { elementSize: meta.size, chunks: meta.chunks };
  checkOdimCost(path, layout, size, block, limits);
  const checked = (value: unknown): CodeArray => {
    if (isCodeArray(value)) return value;
    throw badType();
  };
  const step = bandRows(layout, cols, rows);
  let out: CodeArray | null = null;
  let reducer: BlockMaxReducer<CodeArray> | null = null;
  for (let r0 = 0; r0 < rows; r0 += step) {
    const r1 = Math.min(rows, r0 + step);
    const band = checked(data.slice([[r0, r1]]));
    if (block === 1) {
      if (r0 === 0 && r1 === rows) return band;
      out ??= new (band.constructor as new (n: number) => CodeArray)(cols * rows);
      out.set(band as never, r0 * cols);
      continue;
    }
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
  return (out ?? (reducer as BlockMaxReducer<CodeArray>).out) as CodeArray;
}
