import { cornerMismatch, gridBounds } from '@thunderwatch/domain/weather/radar-grid';
import { quantityInfo, RADAR_QUANTITIES } from '@thunderwatch/domain/weather/radar-legends';
import { reducedGrid, reductionBlock } from '@thunderwatch/domain/weather/radar-reduce';
import { isUsableScale } from '@thunderwatch/domain/weather/radar-scale';
import h5wasm, { type Dataset, type Group } from 'h5wasm/node';
import { AppError } from '../../../lib/app-error.js';
import type { DecodeLimits } from './decode-budget.js';
import { readCodes } from './odim-codes.js';
import { projectionOf } from './projection.js';
import { badFile, checkGridSize, type DecodedFrame } from './radar-frame.js';

/**
 * ODIM_H5 (OPERA Data Information Model, HDF5) Cartesian composites: `what` (object, date, time), `where`
 * (projdef, xsize/ysize, xscale/yscale, the four corners), and `dataset<n>/data<m>` with `data` (rows from
 * the north) and `what` (quantity, gain, offset, nodata, undetect; inherited from the dataset's and the
 * root's `what` where absent). The HDF5 library runs as WebAssembly (h5wasm): no native build.
 */

export const HDF5_SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
/** Cell-size tolerance of the corner check: corners may be rounded, a wrong grid is off by many cells. */
const MAX_CORNER_MISMATCH_CELLS = 2;

let module: Promise<Awaited<typeof h5wasm.ready>> | null = null;
let fileSeq = 0;

/** Loads the HDF5 library (WebAssembly) once; the worker does it at start so the first frame need not wait. */
export async function loadHdf5(): Promise<void> {
  await hdf5();
}

function hdf5() {
  module ??= h5wasm.ready;
  return module;
}

/** The HDF5 library's WebAssembly memory: it grows as files are read and never shrinks. */
export async function hdf5MemoryBytes(): Promise<number> {
  return ((await hdf5()) as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer.byteLength;
}

export function isHdf5(bytes: Uint8Array): boolean {
  return HDF5_SIGNATURE.every((b, i) => bytes[i] === b);
}

type Attrs = Record<string, unknown>;

function attrsOf(group: Group | Dataset | null): Attrs {
  if (!group) return {};
  const out: Attrs = {};
  for (const [name, a] of Object.entries(group.attrs)) {
    const v = a.value;
    out[name] = typeof v === 'bigint' ? Number(v) : v;
  }
  return out;
}

function groupAt(root: Group, path: string): Group | null {
  const g = root.get(path);
  return g instanceof h5wasm.Group ? g : null;
}

/** First of the named groups holding the attribute (data/what, then dataset/what, then /what). */
function inherited(levels: Attrs[], name: string): unknown {
  for (const attrs of levels) if (attrs[name] !== undefined) return attrs[name];
  return undefined;
}

function numberAttr(attrs: Attrs, name: string, path: string): number {
  const v = attrs[name];
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw badFile(
      v === undefined ? `${path}/${name} is missing` : `${path}/${name} is not a number`,
      `${path}/${name}`,
    );
  }
  return v;
}

function stringAttr(attrs: Attrs, name: string, path: string): string {
  const v = attrs[name];
  if (typeof v !== 'string' || v === '') throw badFile(`${path}/${name} is missing`, `${path}/${name}`);
  return v;
}

/** ODIM date `YYYYMMDD` and time `HHMMSS` (UTC) as epoch ms. */
function odimTime(date: unknown, time: unknown, path: string): number | null {
  if (date === undefined && time === undefined) return null;
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(String(date));
  const t = /^(\d{2})(\d{2})(\d{2})$/.exec(String(time));
  if (!d || !t) throw badFile(`${path} date "${date}" / time "${time}" are not YYYYMMDD / HHMMSS`, path);
  const [y, mo, da, h, mi, s] = [...d.slice(1), ...t.slice(1)].map(Number) as number[];
  const ms = Date.UTC(y as number, (mo as number) - 1, da, h, mi, s);
  if (new Date(ms).getUTCDate() !== da || (h as number) > 23 || (mi as number) > 59 || (s as number) > 59) {
    throw badFile(`${path} date "${date}" / time "${time}" is not a real time`, path);
  }
  return ms;
}

const numbered = (root: Group, prefix: string) =>
  root
    .keys()
    .filter((k) => new RegExp(`^${prefix}\\d+$`).test(k))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));

interface Layer {
  path: string;
  quantity: string;
  data: Dataset;
  levels: Attrs[];
  datasetWhat: Attrs;
}

/** Every `dataset<n>/data<m>` with its quantity, in order. */
function layers(file: Group, rootWhat: Attrs): Layer[] {
  const out: Layer[] = [];
  for (const ds of numbered(file, 'dataset')) {
    const dataset = groupAt(file, ds) as Group;
    const datasetWhat = attrsOf(groupAt(dataset, 'what'));
    for (const dn of numbered(dataset, 'data')) {
      const path = `${ds}/${dn}`;
      const group = groupAt(dataset, dn);
      const data = group?.get('data');
      if (!group || !(data instanceof h5wasm.Dataset))
        throw badFile(`${path}/data is missing`, `${path}/data`);
      const levels = [attrsOf(groupAt(group, 'what')), datasetWhat, rootWhat];
      out.push({ path, quantity: String(inherited(levels, 'quantity') ?? ''), data, levels, datasetWhat });
    }
  }
  return out;
}

const productName = (raw: string) =>
  raw
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 32);

/** Reads an ODIM_H5 composite; a 400 names what is wrong with a file that is not one. */
export async function decodeOdim(bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedFrame> {
  if (!isHdf5(bytes)) throw badFile('not an HDF5 file (no HDF5 signature)');
  const { FS } = await hdf5();
  const name = `/odim-${process.pid}-${++fileSeq}.h5`;
  FS.writeFile(name, bytes);
  let file: InstanceType<typeof h5wasm.File> | null = null;
  try {
    try {
      file = new h5wasm.File(name, 'r');
    } catch {
      throw badFile('the HDF5 file cannot be read (truncated or damaged)');
    }
    try {
      return readFile(file, limits);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badFile(`the HDF5 file cannot be read: ${(error as Error).message}`.slice(0, 300));
    }
  } finally {
    file?.close();
    FS.unlink(name);
  }
}

function readFile(file: InstanceType<typeof h5wasm.File>, limits: DecodeLimits): DecodedFrame {
  const conventions = String(attrsOf(file).Conventions ?? '');
  if (!conventions.startsWith('ODIM_H5')) {
    throw badFile(`not ODIM_H5: the Conventions attribute is "${conventions.slice(0, 40)}"`, 'Conventions');
  }
  const what = attrsOf(groupAt(file, 'what'));
  const object = String(what.object ?? '');
  if (object !== 'COMP' && object !== 'IMAGE') {
    throw badFile(
      `what/object is "${object}": only Cartesian composites (COMP, IMAGE) are read`,
      'what/object',
    );
  }
  const whereGroup = groupAt(file, 'where');
  if (!whereGroup) throw badFile('where is missing', 'where');
  const where = attrsOf(whereGroup);
  const projdef = stringAttr(where, 'projdef', 'where');
  const cols = numberAttr(where, 'xsize', 'where');
  const rows = numberAttr(where, 'ysize', 'where');
  checkGridSize(cols, rows, 'where/xsize');
  const dx = numberAttr(where, 'xscale', 'where');
  const dy = numberAttr(where, 'yscale', 'where');
  if (!(dx > 0 && dy > 0)) throw badFile('where/xscale and yscale must be positive', 'where/xscale');
  const corner = (c: string): [number, number] => [
    numberAttr(where, `${c}_lon`, 'where'),
    numberAttr(where, `${c}_lat`, 'where'),
  ];
  const corners = { ul: corner('UL'), ur: corner('UR'), ll: corner('LL'), lr: corner('LR') };

  const all = layers(file, what);
  const layer = all.find((l) => quantityInfo(l.quantity));
  if (!layer) {
    const found = [...new Set(all.map((l) => l.quantity || '(none)'))].join(', ') || 'no datasets';
    throw new AppError(
      'radar.unsupported_quantity',
      400,
      `quantities ${found} are not read; radar reads ${Object.keys(RADAR_QUANTITIES).join(', ')}`,
      [{ field: 'dataset1/data1/what/quantity', message: `is ${found}` }],
    );
  }
  const whatPath = `${layer.path}/what`;
  const num = (n: string, fallback?: number) => {
    const v = inherited(layer.levels, n) ?? fallback;
    return numberAttr({ [n]: v }, n, whatPath);
  };
  const scale = {
    gain: num('gain', 1),
    offset: num('offset', 0),
    nodata: num('nodata'),
    undetect: num('undetect'),
  };
  if (!isUsableScale(scale)) throw badFile(`${whatPath}/gain must not be 0`, `${whatPath}/gain`);

  const projection = projectionOf(projdef);
  const ul = projection.forward(...corners.ul);
  if (!ul) throw badFile('where/UL_lon, UL_lat lie outside where/projdef', 'where/UL_lon');
  const georef = { projdef, x0: ul[0], y0: ul[1], dx, dy };
  const mismatch = cornerMismatch(georef, cols, rows, projection.forward, corners);
  if (!(mismatch <= MAX_CORNER_MISMATCH_CELLS)) {
    throw badFile(
      `the corners in where do not match where/projdef and the grid (${Number.isFinite(mismatch) ? `${mismatch.toFixed(1)} cells off` : 'outside the projection'})`,
      'where',
    );
  }
  const bounds = gridBounds(georef, cols, rows, projection.inverse);
  if (!(bounds.east - bounds.west < 180))
    throw badFile('the grid crosses the antimeridian or is not on the globe', 'where');

  const nominal = odimTime(what.date, what.time, 'what');
  if (nominal === null) throw badFile('what/date and what/time are missing', 'what/date');
  const ds = layer.datasetWhat;
  const start = odimTime(ds.startdate, ds.starttime, `${layer.path.split('/')[0]}/what/start`);
  const end = odimTime(ds.enddate, ds.endtime, `${layer.path.split('/')[0]}/what/end`);
  const timeMs = end ?? nominal;
  const leadMin = Math.max(0, Math.round((timeMs - nominal) / 60_000));
  // Over 4,000 cells a side, stored block-reduced (see radar-reduce.ts), read band by band.
  const block = reductionBlock(cols, rows);
  const grid = reducedGrid({ cols, rows, georef, bounds }, block, projection.inverse);
  const raw = readCodes(layer.path, layer.data, { cols, rows }, block, scale, limits);
  const base = productName(String(ds.prodname ?? what.prodname ?? `${object}_${layer.quantity}`)) || 'odim';
  return {
    product: leadMin > 0 ? `${base}_nowcast` : base,
    timeMs,
    leadMin,
    periodMin: start !== null && end !== null && end > start ? Math.round((end - start) / 60_000) : null,
    quantity: layer.quantity,
    cols: grid.cols,
    rows: grid.rows,
    georef: grid.georef,
    bounds: grid.bounds,
    scale,
    raw,
    simulated: false,
    sourceGrid: { cols, rows, block },
  };
}
