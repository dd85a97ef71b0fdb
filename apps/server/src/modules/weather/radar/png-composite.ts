import { LONLAT_PROJDEF, type LonLatBounds, lonLatGeoref } from '@thunderwatch/domain/weather/radar-grid';
import {
  RAMP_NODATA,
  RAMP_UNDETECT,
  RAMPS,
  type RampName,
  RampPixelReader,
} from '@thunderwatch/domain/weather/radar-ramps';
import { BlockMaxReducer, reducedGrid, reductionBlock } from '@thunderwatch/domain/weather/radar-reduce';
import { checkPngCost, type DecodeLimits } from './decode-budget.js';
import { forEachRow, readPng } from './png-rows.js';
import { projectionOf } from './projection.js';
import { badFile, checkGridSize, type DecodedFrame } from './radar-frame.js';

/** Opaque pixels whose colour is on no ramp that a PNG may have (anti-aliased borders, a logo). */
const MAX_UNMATCHED_SHARE = 0.01;

export interface PngCompositeParams {
  product: string;
  timeMs: number;
  bounds: LonLatBounds;
  ramp: RampName;
}

/**
 * A reflectivity composite published as a PNG in EPSG:4326 (the NEXRAD N0R/N0Q mosaics): the bounds, time
 * and ramp come with the upload; each pixel's colour is read back to dBZ through the ramp. The size is
 * checked from the header; rows are read through the ramp as they inflate and, for a mosaic over 4,000
 * pixels a side, reduced into blocks as they come, so only the stored grid is ever whole.
 */
export async function decodePngComposite(
  bytes: Uint8Array,
  p: PngCompositeParams,
  limits: DecodeLimits,
): Promise<DecodedFrame> {
  const png = readPng(bytes);
  const { width: cols, height: rows } = png.header;
  checkGridSize(cols, rows, '(body)');
  checkPngCost(png.header, limits);
  let reader: RampPixelReader;
  try {
    reader = new RampPixelReader(png.header, RAMPS[p.ramp]);
  } catch (error) {
    throw badFile((error as Error).message);
  }
  const ramp = RAMPS[p.ramp];
  const scale = { gain: ramp.gain, offset: ramp.offset, nodata: RAMP_NODATA, undetect: RAMP_UNDETECT };
  const block = reductionBlock(cols, rows);
  const grid = reducedGrid(
    { cols, rows, georef: lonLatGeoref(p.bounds, cols, rows), bounds: p.bounds },
    block,
    projectionOf(LONLAT_PROJDEF).inverse,
  );
  const raw = new Uint8Array(grid.cols * grid.rows);
  if (block === 1) {
    await forEachRow(png, (row, y) => reader.readInto(row, raw.subarray(y * cols, (y + 1) * cols)));
  } else {
    const codes = new Uint8Array(cols);
    const reducer = new BlockMaxReducer(cols, rows, block, scale, raw);
    await forEachRow(png, (row) => {
      reader.readInto(row, codes);
      reducer.push(codes);
    });
  }
  if (reader.unmatched > reader.opaque * MAX_UNMATCHED_SHARE) {
    throw badFile(
      `${reader.unmatched} of ${reader.opaque} opaque pixels have colours that are not on the ${p.ramp.toUpperCase()} ramp`,
      'ramp',
    );
  }
  return {
    product: p.product,
    timeMs: p.timeMs,
    leadMin: 0,
    periodMin: null,
    quantity: 'DBZH',
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
