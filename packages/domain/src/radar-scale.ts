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
