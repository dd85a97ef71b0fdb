import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { narrowCodes } from '@thunderwatch/domain/radar-scale';
import { renderFrame } from './frame-render.js';
import { decodeOdim } from './odim.js';
import { decodePngComposite, type PngCompositeParams } from './png-composite.js';
import { type DecodedFrame, dtypeOf, type PreparedFrame } from './radar-frame.js';

/** What the radar worker is asked to prepare: an uploaded file, or a frame already decoded (the simulator). */
export type PrepareInput =
  | { kind: 'odim'; bytes: Uint8Array }
  | { kind: 'png'; bytes: Uint8Array; params: PngCompositeParams }
  | { kind: 'frame'; frame: DecodedFrame };

/** Decodes, draws and packs a frame: all the CPU work of an ingest, done off the HTTP thread. */
export async function prepareFrame(input: PrepareInput): Promise<PreparedFrame> {
  const decoded =
    input.kind === 'odim'
      ? await decodeOdim(input.bytes)
      : input.kind === 'png'
        ? decodePngComposite(input.bytes, input.params)
        : input.frame;
  const { raw, scale } = narrowCodes(decoded.raw, decoded.scale);
  const frame = { ...decoded, raw, scale };
  const bytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const dtype = dtypeOf(raw);
  const hash = createHash('sha256')
    .update(
      JSON.stringify([dtype, frame.cols, frame.rows, frame.georef, scale, frame.quantity, frame.periodMin]),
    )
    .update(bytes)
    .digest('hex')
    .slice(0, 32);
  const image = renderFrame(frame);
  const { raw: _raw, ...meta } = frame;
  return {
    ...meta,
    dtype,
    grid: deflateSync(bytes, { level: 4 }),
    png: image.png,
    imageWidth: image.width,
    imageHeight: image.height,
    hash,
  };
}
