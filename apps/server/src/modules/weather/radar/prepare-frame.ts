import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { blockMax, reducedGrid, reductionBlock } from '@thunderwatch/domain/weather/radar-reduce';
import { narrowCodes } from '@thunderwatch/domain/weather/radar-scale';
import type { DecodeLimits } from './decode-budget.js';
import { renderFrame } from './frame-render.js';
import { decodeOdim } from './odim.js';
import { decodePngComposite, type PngCompositeParams } from './png-composite.js';
import { projectionOf } from './projection.js';
import {
  checkGridSize,
  type DecodedFrame,
  dtypeOf,
  type PreparedFrame,
  type SourceGrid,
} from './radar-frame.js';

/** What the radar worker is asked to prepare: an uploaded file, or a frame already decoded (the simulator). */
export type PrepareInput =
  | { kind: 'odim'; bytes: Uint8Array }
  | { kind: 'png'; bytes: Uint8Array; params: PngCompositeParams }
  | { kind: 'frame'; frame: DecodedFrame };

/** Decodes, draws and packs a frame: all the CPU work of an ingest, done off the HTTP thread. */
export async function prepareFrame(input: PrepareInput, limits: DecodeLimits): Promise<PreparedFrame> {
  const decoded =
    input.kind === 'odim'
      ? await decodeOdim(input.bytes, limits)
      : input.kind === 'png'
        ? await decodePngComposite(input.bytes, input.params, limits)
        : reduced(input.frame);
  const { raw, scale } = narrowCodes(decoded.raw, decoded.scale);
  const sourceGrid: SourceGrid = decoded.sourceGrid ?? { cols: decoded.cols, rows: decoded.rows, block: 1 };
  const frame = { ...decoded, raw, scale, sourceGrid };
  const bytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const dtype = dtypeOf(raw);
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        dtype,
        frame.cols,
        frame.rows,
        frame.georef,
        scale,
        frame.quantity,
        frame.periodMin,
        // Two files reduced to the same grid are still different frames (a frame stored as it is hashes as before).
        ...(sourceGrid.block > 1 ? [sourceGrid] : []),
      ]),
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

/** A frame made in memory, block-reduced (as the file readers do) when it is larger than a stored grid. */
function reduced(frame: DecodedFrame): DecodedFrame {
  const { cols, rows } = frame;
  checkGridSize(cols, rows, 'frame');
  if (frame.sourceGrid) return frame;
  const block = reductionBlock(cols, rows);
  if (block === 1) return frame;
  const grid = reducedGrid(frame, block, projectionOf(frame.georef.projdef).inverse);
  return {
    ...frame,
    ...grid,
    raw: blockMax(frame.raw, cols, rows, block, frame.scale),
    sourceGrid: { cols, rows, block },
  };
}
