import { type LegendStep, legendIndex, rgbOf } from './radar-legends.js';
import { type RadarScale, sampleOf } from './radar-scale.js';

/**
 * Colouring a radar grid for the map: each pixel of the Mercator image takes the legend band of the grid
 * cell under it. Index 0 of the palette is transparent (no data, nothing detected, or below the first band);
 * index i + 1 is band i.
 */

/** RGBA palette of an indexed PNG: transparent first, then one opaque colour per band. */
export function legendPalette(steps: readonly LegendStep[]): number[][] {
  return [[0, 0, 0, 0], ...steps.map((s) => [...rgbOf(s.color), 255])];
}

/** The palette index of one raw code. */
export function bandOfRaw(raw: number, scale: RadarScale, steps: readonly LegendStep[]): number {
  const s = sampleOf(raw, scale);
  return s.state === 'value' ? legendIndex(steps, s.value) + 1 : 0;
}

/**
 * Palette indices of the image whose pixels look up grid cells through `lookup` (see `rasterLookup`).
 * Grids of 8- and 16-bit codes go through a table of every code, so the per-pixel work is two reads.
 */
export function colourIndices(
  lookup: Int32Array,
  raw: ArrayLike<number>,
  scale: RadarScale,
  steps: readonly LegendStep[],
): Uint8Array {
  const out = new Uint8Array(lookup.length);
  const small = raw instanceof Uint8Array || raw instanceof Uint16Array;
  const table = small ? new Uint8Array(raw instanceof Uint8Array ? 256 : 65_536) : null;
  if (table) for (let v = 0; v < table.length; v++) table[v] = bandOfRaw(v, scale, steps);
  for (let p = 0; p < lookup.length; p++) {
    const cell = lookup[p] as number;
    if (cell < 0) continue;
    const v = raw[cell] as number;
    out[p] = table ? (table[v] as number) : bandOfRaw(v, scale, steps);
  }
  return out;
}
