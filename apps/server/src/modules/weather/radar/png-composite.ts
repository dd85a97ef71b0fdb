import { type LonLatBounds, lonLatGeoref } from '@thunderwatch/domain/radar-grid';
import {
  RAMP_NODATA,
  RAMP_UNDETECT,
  RAMPS,
  type RampName,
  readRampImage,
} from '@thunderwatch/domain/radar-ramps';
import { decode } from 'fast-png';
import { badFile, checkGridSize, type DecodedFrame } from './radar-frame.js';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Opaque pixels whose colour is on no ramp that a PNG may have (anti-aliased borders, a logo). */
const MAX_UNMATCHED_SHARE = 0.01;

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

export interface PngCompositeParams {
  product: string;
  timeMs: number;
  bounds: LonLatBounds;
  ramp: RampName;
}

/** Reads the image size from the IHDR chunk, before anything is decoded. */
function headerSize(bytes: Uint8Array): [number, number] {
  if (bytes.length < 24) throw badFile('the PNG is truncated');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

/**
 * A reflectivity composite published as a PNG in EPSG:4326 (the NEXRAD N0R/N0Q mosaics): the bounds, time
 * and ramp come with the upload; each pixel's colour is read back to dBZ through the ramp.
 */
export function decodePngComposite(bytes: Uint8Array, p: PngCompositeParams): DecodedFrame {
  if (!isPng(bytes)) throw badFile('not a PNG file (no PNG signature)');
  const [cols, rows] = headerSize(bytes);
  checkGridSize(cols, rows, '(body)');
  let png: ReturnType<typeof decode>;
  try {
    png = decode(bytes);
  } catch (error) {
    throw badFile(`the PNG cannot be decoded: ${(error as Error).message}`);
  }
  let reading: ReturnType<typeof readRampImage>;
  try {
    reading = readRampImage(png, RAMPS[p.ramp]);
  } catch (error) {
    throw badFile((error as Error).message);
  }
  if (reading.unmatched > reading.opaque * MAX_UNMATCHED_SHARE) {
    throw badFile(
      `${reading.unmatched} of ${reading.opaque} opaque pixels have colours that are not on the ${p.ramp.toUpperCase()} ramp`,
      'ramp',
    );
  }
  const ramp = RAMPS[p.ramp];
  return {
    product: p.product,
    timeMs: p.timeMs,
    leadMin: 0,
    periodMin: null,
    quantity: 'DBZH',
    cols,
    rows,
    georef: lonLatGeoref(p.bounds, cols, rows),
    bounds: p.bounds,
    scale: { gain: ramp.gain, offset: ramp.offset, nodata: RAMP_NODATA, undetect: RAMP_UNDETECT },
    raw: reading.raw,
    simulated: false,
  };
}
