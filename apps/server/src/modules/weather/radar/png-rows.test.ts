import { deflateSync } from 'node:zlib';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { ADAM7, pngChunk as chunk, withPaletteAlpha } from './fixtures/png-chunks.js';
import { forEachRow, readPng } from './png-rows.js';

// PNGs written here byte by byte (W3C PNG specification, 2nd edition: chunks, filters 0–4, Adam7), so that
// every filter type and interlacing are exercised; fast-png, which decodes whole images, is the oracle.

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** A row filtered by `type` against the row above (zeros above the first). */
function filterRow(type: number, row: Uint8Array, prev: Uint8Array, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const [x, a, b] = [row[i] as number, i >= bpp ? (row[i - bpp] as number) : 0, prev[i] as number];
    const c = i >= bpp ? (prev[i - bpp] as number) : 0;
    const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type] as number;
    out[i + 1] = x - pred;
  }
  return out;
}

interface Image {
  width: number;
  height: number;
  colourType: number;
  channels: number;
  pixels: Uint8Array;
  palette?: number[][];
}

/** The filtered scanlines of an image, row filters cycling through `filters`. */
function scanlines(img: Image, filters: number[]): Uint8Array[] {
  const stride = img.width * img.channels;
  let prev: Uint8Array = new Uint8Array(stride);
  return Array.from({ length: img.height }, (_, y) => {
    const row = img.pixels.subarray(y * stride, (y + 1) * stride);
    const line = filterRow(filters[y % filters.length] as number, row, prev, img.channels);
    prev = row;
    return line;
  });
}

function interlacedLines(img: Image, filters: number[]): Uint8Array[] {
  return ADAM7.flatMap(([x0, y0, dx, dy]) => {
    const w = Math.ceil((img.width - x0) / dx);
    const h = Math.ceil((img.height - y0) / dy);
    if (w <= 0 || h <= 0) return [];
    const pixels = new Uint8Array(w * h * img.channels);
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        const from = ((y0 + j * dy) * img.width + x0 + i * dx) * img.channels;
        pixels.set(img.pixels.subarray(from, from + img.channels), (j * w + i) * img.channels);
      }
    }
    return scanlines({ ...img, width: w, height: h, pixels }, filters);
  });
}

function pngOf(
  img: Image,
  o: { filters?: number[]; interlaced?: boolean; idatParts?: number; cut?: number; skip?: string[] } = {},
): Buffer {
  const filters = o.filters ?? [0, 1, 2, 3, 4];
  const lines = o.interlaced ? interlacedLines(img, filters) : scanlines(img, filters);
  let z = deflateSync(Buffer.concat(lines));
  if (o.cut) z = z.subarray(0, o.cut);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr.set([8, img.colourType, 0, 0, o.interlaced ? 1 : 0], 8);
  const parts = o.idatParts ?? 1;
  const size = Math.ceil(z.length / parts);
  const chunks: [string, Uint8Array][] = [
    ['IHDR', ihdr],
    ...(img.palette ? ([['PLTE', Uint8Array.from(img.palette.flat())]] as [string, Uint8Array][]) : []),
    ...Array.from(
      { length: parts },
      (_, k) => ['IDAT', z.subarray(k * size, (k + 1) * size)] as [string, Uint8Array],
    ),
    ['IEND', new Uint8Array(0)],
  ];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ...chunks.filter(([type]) => !o.skip?.includes(type)).map(([type, data]) => chunk(type, data)),
  ]);
}

let seed = 11;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const imageOf = (width: number, height: number, colourType: number, channels: number): Image => ({
  width,
  height,
  colourType,
  channels,
  // Smooth runs and noise, so that every filter meets carries and wrap-arounds.
  pixels: Uint8Array.from({ length: width * height * channels }, (_, i) =>
    random() < 0.5 ? (i * 7) & 255 : Math.floor(random() * 256),
  ),
  palette: colourType === 3 ? Array.from({ length: 256 }, (_, i) => [i, 255 - i, i >> 1]) : undefined,
});

async function rowsOf(bytes: Buffer): Promise<Uint8Array> {
  const png = readPng(bytes);
  const out: number[] = [];
  let next = 0;
  await forEachRow(png, (row, y) => {
    expect(y).toBe(next++);
    out.push(...row);
  });
  expect(next).toBe(png.header.height);
  return Uint8Array.from(out);
}

describe('forEachRow', () => {
  it.each<[string, Image, Parameters<typeof pngOf>[1]]>([
    ['a palette image, rows filtered 0–4', imageOf(13, 11, 3, 1), {}],
    ['an RGB image, rows filtered 0–4 (3 bytes a pixel)', imageOf(9, 10, 2, 3), {}],
    ['an RGBA image, rows filtered 4, 3, 1', imageOf(7, 6, 6, 4), { filters: [4, 3, 1] }],
    ['image data split over several IDAT chunks', imageOf(20, 9, 3, 1), { idatParts: 4 }],
    // 600 × 150 RGB rows inflate to 270 kB: rows straddle the inflater's 64 kB pieces.
    ['rows straddling the pieces the data inflates in', imageOf(600, 150, 2, 3), {}],
    ['a one-pixel-wide image', imageOf(1, 5, 2, 3), {}],
    ['an interlaced (Adam7) palette image', imageOf(11, 10, 3, 1), { interlaced: true }],
  ])('reads %s as fast-png does', async (_name, img, o) => {
    const bytes = pngOf(img, o);
    const rows = await rowsOf(bytes);
    expect(Buffer.from(rows).equals(Buffer.from(img.pixels))).toBe(true);
    expect(Buffer.from(decode(bytes).data as Uint8Array).equals(Buffer.from(rows))).toBe(true);
  });

  it('reads the header, the palette and its transparency', () => {
    const png = readPng(withPaletteAlpha(pngOf(imageOf(4, 3, 3, 1)), Uint8Array.from([0, 255])));
    expect(png.header).toMatchObject({
      width: 4,
      height: 3,
      depth: 8,
      channels: 1,
      colourType: 3,
      stride: 4,
    });
    expect(png.header.palette?.[2]).toEqual([2, 253, 1]);
    expect(Array.from(png.header.transparency ?? [])).toEqual([0, 255]);
  });

  it.each<[string, () => Buffer, RegExp]>([
    [
      'compressed data cut short',
      () => pngOf(imageOf(30, 20, 2, 3), { cut: 200 }),
      /cannot be inflated|ends after/,
    ],
    [
      'fewer rows than the header says',
      () => {
        const bytes = pngOf(imageOf(10, 4, 3, 1));
        bytes.writeUInt32BE(5, 20);
        return bytes;
      },
      /ends after 4 of its 5 rows/,
    ],
    [
      'a filter type PNG does not define',
      () => pngOf(imageOf(5, 3, 3, 1), { filters: [0, 7] }),
      /row 1 .* filter type 7/,
    ],
  ])('refuses %s', async (_name, make, message) => {
    await expect(forEachRow(readPng(make()), () => {})).rejects.toThrow(message);
  });
});

describe('readPng', () => {
  it.each<[string, () => Buffer, RegExp]>([
    ['no PNG signature', () => Buffer.from('GIF89a'), /no PNG signature/],
    ['no image data', () => pngOf(imageOf(3, 2, 3, 1), { skip: ['IDAT'] }), /no image data/],
    [
      'a palette image without its palette',
      () => pngOf(imageOf(3, 2, 3, 1), { skip: ['PLTE'] }),
      /without a palette/,
    ],
    ['no IHDR first', () => pngOf(imageOf(3, 2, 3, 1), { skip: ['IHDR'] }), /does not start with its IHDR/],
    ['a file cut inside a chunk', () => pngOf(imageOf(3, 2, 3, 1)).subarray(0, 50), /truncated in its PLTE/],
    [
      'a colour type PNG does not define',
      () => {
        const bytes = pngOf(imageOf(3, 2, 2, 3));
        bytes[25] = 5;
        return bytes;
      },
      /colour type 5/,
    ],
  ])('refuses %s', (_name, make, message) => {
    expect(() => readPng(make())).toThrow(message);
  });
});
