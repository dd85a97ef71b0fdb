/**
 * Colour ramps of radar composites published as palette PNGs, read back to values: each ramp index is one
 * value step, `dBZ = offset + gain × index`. A PNG whose palette is the ramp itself (as IEM publishes them)
 * is read by index, exactly; any other PNG (re-encoded as RGB, or with a reordered palette) by colour.
 *
 * Sources: the Iowa Environmental Mesonet NEXRAD mosaics (github.com/akrherz/iem @ b786e797,
 * htdocs/docs/nexrad_mosaic/): N0R, 5 dBZ steps from −30 dBZ at index 0 to 75 dBZ at index 21, with
 * indices 0–6 black (below 5 dBZ, no echo) — the palette of `example_raster.png`; N0Q, 0.5 dBZ steps from
 * −32 dBZ at index 0 to 90 dBZ at index 244 — the palette of `n0q_ramp.png`, whose row r shows index r.
 */

export const RAMP_NAMES = ['n0r', 'n0q'] as const;
export type RampName = (typeof RAMP_NAMES)[number];

/** Raw codes of a ramp frame: the ramp index for values; these two are not values. */
export const RAMP_UNDETECT = 0;
export const RAMP_NODATA = 255;

export interface ColourRamp {
  name: RampName;
  gain: number;
  offset: number;
  /** 0xRRGGBB per index; black means no echo (undetect). */
  colours: readonly number[];
}

const N0R_COLOURS =
  '000000 000000 000000 000000 000000 000000 000000 00ecec 01a0f6 0000f6 00ff00 00c800 009000 ffff00 ' +
  'e7c000 ff9000 ff0000 d60000 c00000 ff00ff 9955c9 ffffff';

const N0Q_COLOURS = [
  '000000 84708e 84708e 85728c 86748a 86748a 877688 887886 887886 897a84 8a7c83 8a7c83',
  '8b7e81 8c807f 8c807f 8d827d 8e847b 8e847b 8f867a 908878 908878 918a76 928c74 959052',
  '979356 9a965a 9c995f 9f9c63 a29f67 a4a26c a7a570 a9a875 acab79 afae7d b1b182 b6b78b',
  'b9ba8f bcbd93 bec098 c1c39c c3c7a1 c7caa5 cacda9 ccd0ae d2d4b3 cfd2b3 c9ccb3 c5c9b3',
  'c2c7b3 bfc3b3 bcc0b3 b8bdb3 b5bab3 b2b8b3 afb5b3 acb2b3 a9afb3 a3aab3 9fa7b3 9ca4b3',
  '99a1b3 969fb3 939cb3 9099b3 939ab4 8f97b3 8b94b2 8791b1 7f8baf 7b88ae 7785ad 7382ab',
  '6f7faa 6b7ca9 6678a8 6275a7 5e72a6 5a6fa5 566ca3 4e66a1 4a63a0 46609f 425d9e 405a9d',
  '4260a1 4467a5 476ea9 4975ad 4c7cb1 4e83b5 508aba 5598c2 589ec7 5aa5cb 5daccf 5fb3d4',
  '61bad8 64c1dc 66c9e0 69d0e4 6ed6e8 67d6d7 58d6b2 51d6a1 4ad68f 42d67d 3bd66c 34d65a',
  '11d517 11d116 10cd16 10c815 10c315 0fbb14 0fb613 0eb213 0eae13 0eaa13 0da512 0da112',
  '0d9d11 0c9811 0c9410 0c9010 0b870f 0b830e 0a7f0e 0a7b0d 0a760d 09720c 096e0c 096a0b',
  '08650b 08610a 095d09 317208 457c08 5a8707 6e9107 839c06 97a706 acb105 c0bc05 d6c704',
  'ead204 ffe200 ffd800 ffd300 ffce00 ffc900 ffc300 ffbf00 ffba00 ffb500 ffb000 ffab00',
  'ffa600 ffa100 ff9800 ff9300 ff8e00 ff8900 ff8400 ff7f00 ff0000 f80000 f10000 ea0000',
  'e30000 d50000 cd0000 c50000 be0000 b70000 b00000 a90000 a20000 9a0000 930000 8c0000',
  '7e0000 770000 700000 ffffff fff5ff ffeaff ffdfff ffd4ff ffc9ff ffbdff ffb2ff ff9cff',
  'ff91ff ff74ff fc6afd f95ffa f655f7 f34af4 f03ff1 ed35ef ea2aec e71fe9 e10be3 b100ff',
  'ab00fc a300f7 9a00f4 9200ef 8700ea 8200e8 7800e2 7100dd 6800db 05ecf0 05ecf0 05ecf0',
  '05dde0 05dde0 05dde0 05cdd0 05cdd0 04bcbf 04bcbf 04bcbf 04adaf 04adaf 049d9f 049d9f',
  '049d9f 038d8f 038d8f 038d8f 037d7f 037d7f 036e6f 036e6f 036e6f 025e5f 025e5f 024e4f',
  '024e4f 024e4f 023e3f 023e3f 023e3f',
].join(' ');

const parse = (hex: string) => hex.split(' ').map((h) => Number.parseInt(h, 16));

export const RAMPS: Readonly<Record<RampName, ColourRamp>> = {
  n0r: { name: 'n0r', gain: 5, offset: -30, colours: parse(N0R_COLOURS) },
  n0q: { name: 'n0q', gain: 0.5, offset: -32, colours: parse(N0Q_COLOURS) },
};

/** Pixels of a decoded PNG (fast-png's shape): 8-bit grey, palette, RGB or RGBA. */
export interface PngPixels {
  width: number;
  height: number;
  depth: number;
  channels: number;
  data: ArrayLike<number>;
  palette?: readonly (readonly number[])[];
  /** Alpha per palette entry (tRNS). */
  transparency?: ArrayLike<number>;
}

export interface RampReading {
  /** One raw code per pixel, row by row from the top: ramp index, RAMP_UNDETECT or RAMP_NODATA. */
  raw: Uint8Array;
  /** Opaque pixels whose colour is not on the ramp (read as no data). */
  unmatched: number;
  opaque: number;
}

/** Nearest ramp colour allowed for a colour not on the ramp: lossy re-encoding shifts channels a little. */
const MAX_COLOUR_DISTANCE_SQ = 3 * 10 ** 2;

/** Reads a colour back through the ramp: its raw code, or -1 when no ramp colour is near. */
export function colourReader(ramp: ColourRamp): (rgb: number) => number {
  const exact = new Map<number, number>();
  ramp.colours.forEach((c, i) => {
    if (!exact.has(c)) exact.set(c, c === 0 ? RAMP_UNDETECT : i);
  });
  const cache = new Map<number, number>();
  return (rgb) => {
    const hit = exact.get(rgb) ?? cache.get(rgb);
    if (hit !== undefined) return hit;
    let best = -1;
    let bestD = MAX_COLOUR_DISTANCE_SQ + 1;
    ramp.colours.forEach((c, i) => {
      const d =
        (((c >> 16) & 255) - ((rgb >> 16) & 255)) ** 2 +
        (((c >> 8) & 255) - ((rgb >> 8) & 255)) ** 2 +
        ((c & 255) - (rgb & 255)) ** 2;
      if (d < bestD) {
        bestD = d;
        best = c === 0 ? RAMP_UNDETECT : i;
      }
    });
    if (cache.size < 65_536) cache.set(rgb, best);
    return best;
  };
}

const pack = (r: number, g: number, b: number) => (r << 16) | (g << 8) | b;

/** Raw code per palette index: by index where the palette is the ramp's, else by colour. */
function paletteCodes(png: PngFormat, ramp: ColourRamp, read: (rgb: number) => number): Int16Array {
  const palette = png.palette ?? [];
  const codes = new Int16Array(256).fill(-1);
  const isRamp = palette.every(
    (c, i) => i >= ramp.colours.length || ramp.colours[i] === pack(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0),
  );
  palette.forEach((c, i) => {
    const alpha = c.length > 3 ? (c[3] as number) : (png.transparency?.[i] ?? 255);
    if (alpha === 0) codes[i] = RAMP_NODATA;
    else if (isRamp && i < ramp.colours.length) codes[i] = ramp.colours[i] === 0 ? RAMP_UNDETECT : i;
    else codes[i] = read(pack(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0));
  });
  return codes;
}

/** The format of a PNG's pixels, without the pixels: what reading them through a ramp needs. */
export type PngFormat = Omit<PngPixels, 'width' | 'height' | 'data'>;

/**
 * Reads pixels of a palette or RGB(A) PNG through a ramp, any number at a time (a decoder hands over one row
 * at a time), counting the opaque ones and those whose colour is on no ramp. Transparent pixels are no data;
 * black is no echo. Throws on a PNG that cannot carry a colour ramp (greyscale, 16-bit).
 */
export class RampPixelReader {
  /** Per palette index: its raw code (no data for a colour on no ramp), and how many pixels had it. */
  private readonly table: Uint8Array | null = null;
  private readonly paletteCodes: Int16Array | null = null;
  private readonly uses = new Float64Array(256);
  private readonly channels: number;
  private readonly read: (rgb: number) => number;
  private rgbUnmatched = 0;
  private rgbOpaque = 0;

  constructor(png: PngFormat, ramp: ColourRamp) {
    const indexed = png.channels === 1 && png.palette !== undefined;
    if (png.depth !== 8) {
      throw new RangeError(`a ${png.depth}-bit PNG carries no colour ramp (8-bit palette or RGB expected)`);
    }
    if (!indexed && png.channels !== 3 && png.channels !== 4) {
      throw new RangeError('a greyscale PNG carries no colour ramp (palette or RGB expected)');
    }
    this.channels = png.channels;
    this.read = colourReader(ramp);
    if (indexed) {
      this.paletteCodes = paletteCodes(png, ramp, this.read);
      this.table = Uint8Array.from(this.paletteCodes, (c) => (c < 0 ? RAMP_NODATA : c));
    }
  }

  /** Opaque pixels read so far whose colour is on no ramp (read as no data). */
  get unmatched(): number {
    const codes = this.paletteCodes;
    let n = this.rgbUnmatched;
    if (codes) for (let i = 0; i < 256; i++) if ((codes[i] as number) < 0) n += this.uses[i] as number;
    return n;
  }

  /** Pixels read so far that are not transparent. */
  get opaque(): number {
    const codes = this.paletteCodes;
    let n = this.rgbOpaque;
    if (codes) for (let i = 0; i < 256; i++) if (codes[i] !== RAMP_NODATA) n += this.uses[i] as number;
    return n;
  }

  /** The raw codes of `count` pixels of `data` from pixel `from` into `out` (from its start). */
  readInto(data: ArrayLike<number>, out: Uint8Array, count = out.length, from = 0): void {
    const { table, uses } = this;
    if (table) {
      // A palette image: a table lookup a pixel, counted by index (the counts are summed when asked for).
      for (let i = 0; i < count; i++) {
        const index = data[from + i] as number;
        uses[index] = (uses[index] as number) + 1;
        out[i] = table[index] as number;
      }
      return;
    }
    const { channels, read } = this;
    for (let i = 0; i < count; i++) {
      const o = (from + i) * channels;
      let code: number;
      if (channels === 4 && data[o + 3] === 0) code = RAMP_NODATA;
      else code = read(pack(data[o] as number, data[o + 1] as number, data[o + 2] as number));
      if (code !== RAMP_NODATA) this.rgbOpaque++;
      if (code < 0) {
        this.rgbUnmatched++;
        code = RAMP_NODATA;
      }
      out[i] = code;
    }
  }
}

/** Reads every pixel of a decoded PNG through a ramp (see `RampPixelReader`). */
export function readRampImage(png: PngPixels, ramp: ColourRamp): RampReading {
  const reader = new RampPixelReader(png, ramp);
  const raw = new Uint8Array(png.width * png.height);
  reader.readInto(png.data, raw);
  return { raw, unmatched: reader.unmatched, opaque: reader.opaque };
}
