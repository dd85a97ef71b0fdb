/**
 * Radar values as ODIM_H5 stores them: a raw number per cell and a linear scale, `value = raw × gain + offset`,
 * with two raw codes that are not values: `nodata` (not scanned: outside coverage, a gap) and `undetect`
 * (scanned, nothing there — clear air for reflectivity, no rain for precipitation).
 */
export interface RadarScale {
  gain: number;
  offset: number;
  nodata: number;
  undetect: number;
}

export type RadarSample = { state: 'value'; value: number } | { state: 'undetect' } | { state: 'nodata' };

/** A cell's raw number read through the scale. */
export function sampleOf(raw: number, scale: RadarScale): RadarSample {
  if (raw === scale.nodata || Number.isNaN(raw)) return { state: 'nodata' };
  if (raw === scale.undetect) return { state: 'undetect' };
  return { state: 'value', value: raw * scale.gain + scale.offset };
}

/** The raw code of a value (the inverse of the scale), clamped into `[lo, hi]`. */
export function rawOf(value: number, scale: Pick<RadarScale, 'gain' | 'offset'>, lo: number, hi: number) {
  const raw = Math.round((value - scale.offset) / scale.gain);
  return Math.min(hi, Math.max(lo, raw));
}

/** A value rounded for answers: scales like 0.000999… (DWD) otherwise print as 0.13499999. */
export function roundValue(value: number, gain: number): number {
  const decimals = Math.max(0, Math.min(6, Math.ceil(-Math.log10(Math.abs(gain) || 1)) + 1));
  return Math.round(value * 10 ** decimals) / 10 ** decimals;
}

/** Whether a scale can be used: a finite, non-zero gain and finite offset and codes. */
export function isUsableScale(scale: RadarScale): boolean {
  return (
    Number.isFinite(scale.gain) &&
    scale.gain !== 0 &&
    Number.isFinite(scale.offset) &&
    Number.isFinite(scale.nodata) &&
    Number.isFinite(scale.undetect)
  );
}

export type CodeArray =
  | Uint8Array
  | Uint16Array
  | Uint32Array
  | Int8Array
  | Int16Array
  | Int32Array
  | Float32Array
  | Float64Array;

/**
 * The same grid in the smallest unsigned integer type that holds its codes: nodata becomes the type's top
 * code, undetect stays (or becomes the one below the top). DWD stores 12-bit rain codes in 32 bits; in 16
 * they take half the memory and disk. Float grids, and codes that do not fit, are returned as they are.
 */
export function narrowCodes(raw: CodeArray, scale: RadarScale): { raw: CodeArray; scale: RadarScale } {
  if (raw instanceof Float32Array || raw instanceof Float64Array || raw instanceof Uint8Array) {
    return { raw, scale };
  }
  const { nodata, undetect } = scale;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i] as number;
    if (v === nodata || v === undetect) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  for (const top of [255, 65_535]) {
    if (raw.BYTES_PER_ELEMENT <= (top === 255 ? 1 : 2)) break;
    const keep = Number.isInteger(undetect) && undetect >= 0 && undetect < top;
    const code = keep ? undetect : top - 1;
    if (min < 0 || max > top - 1 || (!keep && max >= top - 1)) continue;
    const out = top === 255 ? new Uint8Array(raw.length) : new Uint16Array(raw.length);
    recode(raw, out, nodata, top, undetect, code);
    return { raw: out, scale: { ...scale, nodata: top, undetect: code } };
  }
  return { raw, scale };
}

/** Copies codes, replacing the two special ones (a loop of its own, so the engine keeps it fast). */
function recode(
  from: CodeArray,
  to: Uint8Array | Uint16Array,
  nodata: number,
  newNodata: number,
  undetect: number,
  newUndetect: number,
): void {
  for (let i = 0; i < from.length; i++) {
    const v = from[i] as number;
    to[i] = v === nodata ? newNodata : v === undetect ? newUndetect : v;
  }
}
