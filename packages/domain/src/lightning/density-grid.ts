/** Density grids: square cells of `resolution` degrees, named by their south-west corner. */

export const MIN_RESOLUTION = 0.01;
export const MAX_RESOLUTION = 1;

// Decimal fractions are inexact in binary (23.3 / 0.1 = 232.99999999999997): nudge the quotient by far
// less than any real coordinate step (1e-9 cells ≈ 0.1 mm at 0.01°) so values on a cell edge land in it.
const EDGE_NUDGE = 1e-9;

/** A resolution the API accepts: 0.01° to 1°, in whole hundredths of a degree (so corners stay round). */
export function isValidResolution(r: unknown): r is number {
  if (typeof r !== 'number' || !Number.isFinite(r)) return false;
  if (r < MIN_RESOLUTION - EDGE_NUDGE || r > MAX_RESOLUTION + EDGE_NUDGE) return false;
  return Math.abs(r * 100 - Math.round(r * 100)) < 1e-6;
}

/** Decimal places of a resolution (0.25 → 2, 0.1 → 1, 1 → 0). */
function decimalsOf(resolution: number): number {
  let d = 0;
  while (d < 10 && Math.abs(resolution * 10 ** d - Math.round(resolution * 10 ** d)) > 1e-9) d++;
  return d;
}

/** Integer index of the cell holding `value` (a latitude or longitude). */
export function cellIndex(value: number, resolution: number): number {
  return Math.floor(value / resolution + EDGE_NUDGE);
}

/**
 * South-west corner of the cell holding (lat, lon). Corners are rounded to the resolution's decimals,
 * so they print and compare cleanly (23.3, not 23.300000000000004). The north pole belongs to the top
 * row and longitude 180 to the cell at -180, so every valid stroke lands in a cell on the globe.
 */
export function cellCorner(lat: number, lon: number, resolution: number): { lat: number; lon: number } {
  const scale = 10 ** decimalsOf(resolution);
  const round = (v: number) => Math.round(v * scale) / scale;
  const rows = cellIndex(90, resolution);
  const row = Math.min(cellIndex(lat, resolution), rows - 1);
  const wrapped = lon >= 180 ? lon - 360 : lon;
  return { lat: round(row * resolution), lon: round(cellIndex(wrapped, resolution) * resolution) };
}
