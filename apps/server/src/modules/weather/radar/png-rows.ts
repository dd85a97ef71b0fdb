import { Readable } from 'node:stream';
import { createInflate } from 'node:zlib';
import type { PngFormat } from '@thunderwatch/domain/weather/radar-ramps';
import { decode } from 'fast-png';
import { badFile } from './radar-frame.js';

/**
 * A PNG read one row at a time as its image data inflates, so a mosaic of 66 million pixels is never whole in
 * memory (a whole-image decoder holds the inflated data and the pixels, two copies of it and more). The
 * layout follows the PNG specification (W3C, 2nd edition): chunks of length, type, data and CRC; IHDR first;
 * each row of the inflated IDAT data one filter byte and then the row's bytes.
 */

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Channels of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface PngHeader extends PngFormat {
  width: number;
  height: number;
  colourType: number;
  interlaced: boolean;
  /** Bytes of one row, without its filter byte. */
  stride: number;
}

export interface PngFile {
  bytes: Uint8Array;
  header: PngHeader;
  /** The compressed image data, in order (views of `bytes`). */
  idat: Uint8Array[];
}

/** Reads a PNG's chunks: its header, palette and transparency, and where its image data lies. */
export function readPng(bytes: Uint8Array): PngFile {
  if (!isPng(bytes)) throw badFile('not a PNG file (no PNG signature)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | null = null;
  let transparency: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  for (let at = 8; ; ) {
    if (at + 8 > bytes.length) throw badFile('the PNG is truncated: it ends before its IEND chunk');
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (at + 12 + length > bytes.length) throw badFile(`the PNG is truncated in its ${type} chunk`);
    at += 12 + length;
    if (!header && type !== 'IHDR') throw badFile('the PNG does not start with its IHDR chunk');
    if (type === 'IHDR') header = readHeader(data);
    else if (type === 'PLTE') {
      if (length % 3 !== 0) throw badFile('the PNG palette (PLTE) is not whole RGB triples');
      (header as PngHeader).palette = Array.from({ length: length / 3 }, (_, i) => [
        ...data.subarray(i * 3, i * 3 + 3),
      ]);
    } else if (type === 'tRNS') transparency = new Uint8Array(data);
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
  }
  const h = header as PngHeader;
  // tRNS of a palette image is an alpha per entry; of grey or RGB one colour, which radar ramps do not use.
  if (h.palette && transparency) h.transparency = transparency;
  if (h.colourType === 3 && h.palette === undefined) {
    throw badFile('the PNG is a palette image without a palette (PLTE)');
  }
  if (idat.length === 0) throw badFile('the PNG has no image data (IDAT)');
  return { bytes, header: h, idat };
}

function readHeader(data: Uint8Array): PngHeader {
  if (data.length !== 13) throw badFile('the PNG header (IHDR) is not 13 bytes');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const [width, height] = [view.getUint32(0), view.getUint32(4)];
  const [depth, colourType, compression, filter, interlace] = data.subarray(8, 13) as unknown as number[];
  const channels = CHANNELS[colourType as number];
  if (channels === undefined)
    throw badFile(`the PNG has colour type ${colourType}: 0, 2, 3, 4 or 6 expected`);
  if (![1, 2, 4, 8, 16].includes(depth as number)) throw badFile(`the PNG has bit depth ${depth}`);
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) {
    throw badFile('the PNG names a compression, filter or interlace method PNG does not define');
  }
  return {
    width,
    height,
    depth: depth as number,
    channels,
    colourType: colourType as number,
    interlaced: interlace === 1,
    stride: Math.ceil((width * channels * (depth as number)) / 8),
  };
}

/**
 * Hands each row's unfiltered bytes to `onRow`, top to bottom. The row is a buffer reused for the next one:
 * copy what must outlive the call. An interlaced (Adam7) PNG has no rows until it is whole: it is decoded
 * whole (fast-png), which `checkPngCost` (decode-budget.ts) allows up to 4,096 × 4,096 pixels.
 */
export async function forEachRow(png: PngFile, onRow: (row: Uint8Array, y: number) => void): Promise<void> {
  const { width, height, stride, channels, depth } = png.header;
  if (png.header.interlaced) {
    let data: Uint8Array;
    try {
      data = decode(png.bytes).data as Uint8Array;
    } catch (error) {
      throw badFile(`the PNG cannot be decoded: ${(error as Error).message}`);
    }
    for (let y = 0; y < height; y++) onRow(data.subarray(y * stride, (y + 1) * stride), y);
    return;
  }
  const bpp = Math.max(1, (channels * depth) / 8);
  let line = new Uint8Array(stride + 1);
  let prev = new Uint8Array(stride + 1);
  let filled = 0;
  let y = 0;
  const inflate = Readable.from(png.idat).pipe(createInflate({ chunkSize: 1 << 16 }));
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length && y < height; ) {
        const n = Math.min(stride + 1 - filled, chunk.length - at);
        line.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled < stride + 1) break;
        unfilter(line, prev, bpp, y);
        onRow(line.subarray(1), y++);
        [line, prev] = [prev, line];
        filled = 0;
      }
      if (y === height) break;
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_'))
      throw badFile(`the PNG's image data cannot be inflated: ${(error as Error).message}`);
    throw error;
  } finally {
    inflate.destroy();
  }
  if (y < height) throw badFile(`the PNG's image data ends after ${y} of its ${height} rows (${width} wide)`);
}

/**
 * Undoes a row's filter in place (`line[0]` is its type) against the row above, unfiltered (zeros above the
 * first row). Bytes left of the first pixel count as 0; Uint8Array stores sums modulo 256, as PNG wants.
 */
function unfilter(line: Uint8Array, prev: Uint8Array, bpp: number, y: number): void {
  const n = line.length;
  const first = Math.min(n, bpp + 1);
  switch (line[0]) {
    case 0:
      return;
    case 1:
      for (let i = first; i < n; i++) line[i] = (line[i] as number) + (line[i - bpp] as number);
      return;
    case 2:
      for (let i = 1; i < n; i++) line[i] = (line[i] as number) + (prev[i] as number);
      return;
    case 3:
      for (let i = 1; i < first; i++) line[i] = (line[i] as number) + ((prev[i] as number) >> 1);
      for (let i = first; i < n; i++)
        line[i] = (line[i] as number) + (((line[i - bpp] as number) + (prev[i] as number)) >> 1);
      return;
    case 4:
      for (let i = 1; i < first; i++) line[i] = (line[i] as number) + (prev[i] as number);
      for (let i = first; i < n; i++) {
        line[i] =
          (line[i] as number) + paeth(line[i - bpp] as number, prev[i] as number, prev[i - bpp] as number);
      }
      return;
    default:
      throw badFile(`row ${y} of the PNG has filter type ${line[0]}: 0–4 expected`);
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
