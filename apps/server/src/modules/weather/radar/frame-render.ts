import {
  type GridGeoref,
  type LonLatBounds,
  type MercatorRaster,
  mercatorRaster,
  rasterLookup,
} from '@thunderwatch/domain/weather/radar-grid';
import { legendFor, quantityInfo, type RadarLegend } from '@thunderwatch/domain/weather/radar-legends';
import { colourIndices, legendPalette } from '@thunderwatch/domain/weather/radar-render';
import type { CodeArray, RadarScale } from '@thunderwatch/domain/weather/radar-scale';
import { encode } from 'fast-png';
import { projectionOf } from './projection.js';

export interface RenderInput {
  quantity: string;
  periodMin: number | null;
  cols: number;
  rows: number;
  georef: GridGeoref;
  bounds: LonLatBounds;
  scale: RadarScale;
  raw: CodeArray;
}

/** The legend a frame is drawn with. */
export function legendOf(quantity: string, periodMin: number | null): RadarLegend {
  const info = quantityInfo(quantity);
  if (!info) throw new RangeError(`no legend for quantity ${quantity}`);
  return legendFor(info, periodMin);
}

/** The Mercator image a grid is drawn into (also what the frame's metadata says of it). */
export function rasterOf(bounds: LonLatBounds, cols: number, rows: number): MercatorRaster {
  return mercatorRaster(bounds, cols * rows);
}

/**
 * Lookups of the grids drawn lately: frames of one product share their grid, so from the second frame on
 * drawing is colouring alone. A few are kept; a DWD lookup is 5 MB.
 */
const lookups = new Map<string, Int32Array>();
const KEEP_LOOKUPS = 3;

function lookupOf(f: RenderInput, raster: MercatorRaster): Int32Array {
  const { projdef, x0, y0, dx, dy } = f.georef;
  const key = JSON.stringify([projdef, x0, y0, dx, dy, f.cols, f.rows, raster]);
  let lookup = lookups.get(key);
  if (lookup) lookups.delete(key);
  else lookup = rasterLookup(raster, f.georef, f.cols, f.rows, projectionOf(projdef).forward);
  lookups.set(key, lookup);
  if (lookups.size > KEEP_LOOKUPS) lookups.delete(lookups.keys().next().value as string);
  return lookup;
}

/** The frame as an indexed PNG in Web Mercator, coloured by its legend (transparent where nothing shows). */
export function renderFrame(f: RenderInput): { png: Uint8Array; width: number; height: number } {
  const raster = rasterOf(f.bounds, f.cols, f.rows);
  const { steps } = legendOf(f.quantity, f.periodMin);
  const indices = colourIndices(lookupOf(f, raster), f.raw, f.scale, steps);
  const png = encode(
    {
      width: raster.width,
      height: raster.height,
      data: indices,
      depth: 8,
      channels: 1,
      palette: legendPalette(steps),
    },
    { zlib: { level: 6 } },
  );
  return { png, width: raster.width, height: raster.height };
}
