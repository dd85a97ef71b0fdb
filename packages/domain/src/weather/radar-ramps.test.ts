import { describe, expect, it } from 'vitest';
import {
  colourReader,
  type PngPixels,
  RAMP_NODATA,
  RAMPS,
  RampPixelReader,
  readRampImage,
} from './radar-ramps.js';

// The palette of IEM's N0R example composite (akrherz/iem htdocs/docs/nexrad_mosaic/example_raster.png,
// 480×208, 8-bit palette, 32 entries): the 22 ramp colours, then black.
const N0R_SAMPLE_PALETTE = [
  ...RAMPS.n0r.colours.map((c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255]),
  ...Array.from({ length: 10 }, () => [0, 0, 0]),
];

const dbz = (ramp: keyof typeof RAMPS, code: number) => RAMPS[ramp].offset + RAMPS[ramp].gain * code;

describe('the ramps', () => {
  it('N0R runs from −30 to 75 dBZ in 5 dBZ steps, N0Q from −32 to 90 dBZ in 0.5 dBZ steps', () => {
    expect(RAMPS.n0r.colours).toHaveLength(22);
    expect([dbz('n0r', 0), dbz('n0r', 21)]).toEqual([-30, 75]);
    expect(RAMPS.n0q.colours).toHaveLength(245);
    expect([dbz('n0q', 0), dbz('n0q', 244)]).toEqual([-32, 90]);
  });
});

describe('colourReader', () => {
  it.each<[keyof typeof RAMPS, number, number]>([
    ['n0r', 0x00ecec, 7], // 5 dBZ cyan
    ['n0r', 0xff0000, 16], // 50 dBZ red
    ['n0r', 0xffffff, 21], // 75 dBZ
    ['n0r', 0x000000, 0], // black: no echo
    ['n0r', 0x02eaea, 7], // close to cyan (a lossy re-encoding)
    ['n0r', 0x808080, -1], // grey is on no ramp
    ['n0q', 0x84708e, 1], // the first of two equal colours wins
    ['n0q', 0x11d517, 108], // 22 dBZ
    ['n0q', 0xff0000, 164], // 50 dBZ
  ])('%s reads %s as code %d', (ramp, rgb, code) => {
    expect(colourReader(RAMPS[ramp])(rgb)).toBe(code);
  });
});

const image = (over: Partial<PngPixels>): PngPixels => ({
  width: 3,
  height: 2,
  depth: 8,
  channels: 1,
  data: [0, 7, 12, 16, 21, 25],
  palette: N0R_SAMPLE_PALETTE,
  ...over,
});

describe('readRampImage', () => {
  it('reads a palette PNG laid out like the ramp by index', () => {
    const r = readRampImage(image({}), RAMPS.n0r);
    expect([...r.raw]).toEqual([0, 7, 12, 16, 21, 0]);
    expect(r.unmatched).toBe(0);
  });

  it('reads a reordered palette by colour', () => {
    const palette = [
      [255, 0, 0],
      [0, 0, 0],
      [0, 236, 236],
      [9, 9, 9, 0],
      [128, 128, 128],
    ];
    const r = readRampImage(image({ data: [0, 1, 2, 3, 4, 0], palette }), RAMPS.n0r);
    expect([...r.raw]).toEqual([16, 0, 7, RAMP_NODATA, RAMP_NODATA, 16]);
    expect(r).toMatchObject({ unmatched: 1, opaque: 5 });
  });

  it('treats palette entries made transparent by tRNS as no data', () => {
    const r = readRampImage(image({ transparency: new Uint16Array([0]) }), RAMPS.n0r);
    expect(r.raw[0]).toBe(RAMP_NODATA);
    expect(r.opaque).toBe(5);
  });

  it('reads RGB and RGBA pixels by colour', () => {
    const rgba = [255, 0, 0, 255, 0, 236, 236, 255, 0, 0, 0, 0, 0, 0, 0, 255];
    expect([
      ...readRampImage({ width: 4, height: 1, depth: 8, channels: 4, data: rgba }, RAMPS.n0r).raw,
    ]).toEqual([16, 7, RAMP_NODATA, 0]);
    const rgb = [255, 0, 0, 0, 236, 236];
    expect([
      ...readRampImage({ width: 2, height: 1, depth: 8, channels: 3, data: rgb }, RAMPS.n0r).raw,
    ]).toEqual([16, 7]);
  });

  it.each<[Partial<PngPixels>, RegExp]>([
    [{ palette: undefined }, /greyscale/],
    [{ channels: 2, palette: undefined }, /greyscale/],
    [{ depth: 16, channels: 3, palette: undefined }, /16-bit/],
  ])('refuses %j', (over, message) => {
    expect(() => readRampImage(image(over), RAMPS.n0r)).toThrow(message);
  });
});

describe('RampPixelReader', () => {
  it('reads a row at a time as it reads the whole image, and counts across the rows', () => {
    const palette = [
      [255, 0, 0],
      [0, 0, 0],
      [0, 236, 236],
      [9, 9, 9, 0],
      [128, 128, 128],
    ];
    const png = image({ data: [0, 1, 2, 3, 4, 0], palette });
    const reader = new RampPixelReader(png, RAMPS.n0r);
    const rows = [new Uint8Array(3), new Uint8Array(3)];
    reader.readInto(png.data, rows[0] as Uint8Array, 3, 0);
    reader.readInto(png.data, rows[1] as Uint8Array, 3, 3);
    expect(rows.flatMap((r) => [...r])).toEqual([...readRampImage(png, RAMPS.n0r).raw]);
    expect(reader).toMatchObject({ unmatched: 1, opaque: 5 });
  });

  it('reads RGB pixels from a pixel offset', () => {
    const out = new Uint8Array(1);
    const rgb = [255, 0, 0, 0, 236, 236];
    new RampPixelReader({ depth: 8, channels: 3 }, RAMPS.n0r).readInto(rgb, out, 1, 1);
    expect([...out]).toEqual([7]);
  });
});
