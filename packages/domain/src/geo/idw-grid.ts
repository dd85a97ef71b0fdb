import { distanceKm } from './geodesy.js';

/**
 * Inverse-distance-weighted interpolation (Shepard's method, weight 1/dᵖ) of station values onto a regular
 * lat/lon grid, for a map layer. A cell farther than `maxDistanceKm` from every station stays empty (null)
 * rather than showing a value nobody measured; a cell on a station takes its value.
 */
export interface StationValue {
  lat: number;
  lon: number;
  value: number;
}

export interface GridBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface IdwOptions {
  cols: number;
  rows: number;
  power?: number;
  maxDistanceKm?: number;
}

export interface IdwGrid extends GridBox {
  cols: number;
  rows: number;
  /** Row-major from the north-west corner; each value is at its cell's centre. */
  values: (number | null)[];
}

/** The most cells an interpolated grid may have (the API asks for at most 200 × 200). */
export const IDW_MAX_CELLS = 1_000_000;

export function idwGrid(points: readonly StationValue[], box: GridBox, o: IdwOptions): IdwGrid {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 1;
  if (!whole(o.cols) || !whole(o.rows)) throw new RangeError('cols and rows must be whole numbers from 1');
  if (o.cols * o.rows > IDW_MAX_CELLS) throw new RangeError(`more than ${IDW_MAX_CELLS} cells`);
  const power = o.power ?? 2;
  const maxKm = o.maxDistanceKm ?? Number.POSITIVE_INFINITY;
  const dLon = (box.east - box.west) / o.cols;
  const dLat = (box.north - box.south) / o.rows;
  const values: (number | null)[] = [];
  for (let r = 0; r < o.rows; r++) {
    const lat = box.north - (r + 0.5) * dLat;
    for (let c = 0; c < o.cols; c++) {
      const lon = box.west + (c + 0.5) * dLon;
      values.push(interpolate(points, lat, lon, power, maxKm));
    }
  }
  return { ...box, cols: o.cols, rows: o.rows, values };
}

export function interpolate(
  points: readonly StationValue[],
  lat: number,
  lon: number,
  power: number,
  maxKm: number,
): number | null {
  let num = 0;
  let den = 0;
  for (const p of points) {
    const d = distanceKm(lat, lon, p.lat, p.lon);
    if (d > maxKm) continue;
    if (d < 1e-6) return p.value;
    const w = 1 / d ** power;
    num += w * p.value;
    den += w;
  }
  return den > 0 ? Math.round((num / den) * 100) / 100 : null;
}

/** The stations' extent grown by `marginDeg` on each side (clamped to the globe). */
export function boxAroundPoints(points: readonly StationValue[], marginDeg = 0.5): GridBox | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  return {
    west: Math.max(-180, Math.min(...lons) - marginDeg),
    east: Math.min(180, Math.max(...lons) + marginDeg),
    south: Math.max(-90, Math.min(...lats) - marginDeg),
    north: Math.min(90, Math.max(...lats) + marginDeg),
  };
}
