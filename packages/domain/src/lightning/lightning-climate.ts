import { pointInPolygons } from '../regions/region-index.js';

/**
 * Lightning climatology from daily rollups: ground flash density Ng (IEC 62305-2 / GB 50057: CG flashes per
 * km² per year), thunderstorm days (days with at least one CG stroke in the area), and the 0.1° cells that
 * stand for an area that is not a region (a zone, a circle round a site, a box).
 */

const EARTH_RADIUS_KM = 6371.0088;
const DAYS_PER_YEAR = 365.25;
const rad = (d: number) => (d * Math.PI) / 180;

/** Ng in flashes/km²/year, or null when the area or the period is empty. */
export function groundFlashDensity(cgFlashes: number, areaKm2: number, days: number): number | null {
  if (!(areaKm2 > 0) || !(days > 0)) return null;
  return cgFlashes / areaKm2 / (days / DAYS_PER_YEAR);
}

export interface DayCg {
  /** 'YYYY-MM-DD' */
  date: string;
  cg: number;
}

export interface ThunderstormDays {
  /** Days with ≥ 1 CG stroke. */
  days: number;
  /** Per calendar year of the period: its thunderstorm days and how many of its days the period covers. */
  byYear: { year: number; days: number; covered: number }[];
  /** Thunderstorm days scaled to a year (days / covered days × 365.25), null for an empty period. */
  perYear: number | null;
}

/** Thunderstorm days of a period [from, to] (dates, inclusive) from its days' CG counts (missing days: 0). */
/** The longest period thunderstormDays walks day by day (a century; the API allows ten years). */
export const MAX_PERIOD_DAYS = 36_525;

export function thunderstormDays(daily: readonly DayCg[], from: string, to: string): ThunderstormDays {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span > MAX_PERIOD_DAYS) throw new RangeError(`thunderstormDays: more than ${MAX_PERIOD_DAYS} days`);
  const stormy = new Set(daily.filter((d) => d.cg >= 1 && d.date >= from && d.date <= to).map((d) => d.date));
  const years = new Map<number, { days: number; covered: number }>();
  let covered = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const y = Number(date.slice(0, 4));
    const e = years.get(y) ?? { days: 0, covered: 0 };
    e.covered++;
    if (stormy.has(date)) e.days++;
    years.set(y, e);
    covered++;
  }
  return {
    days: stormy.size,
    byYear: [...years].map(([year, e]) => ({ year, ...e })),
    perYear: covered > 0 ? (stormy.size / covered) * DAYS_PER_YEAR : null,
  };
}

/** Area of the 0.1° cell row `cy` (floor(lat × 10)), km². */
export function cellAreaKm2(cy: number): number {
  const s = rad(cy / 10);
  const n = rad((cy + 1) / 10);
  return EARTH_RADIUS_KM ** 2 * rad(0.1) * (Math.sin(n) - Math.sin(s));
}

export interface Cell {
  cy: number;
  cx: number;
}

/**
 * The most cells one area may stand for (a 20° × 20° box): beyond it the caller must use a region. The
 * functions below stop once they have found one more than this (the caller refuses such an area), so an
 * area of the whole globe costs no more than one just too large.
 */
export const MAX_AREA_CELLS = 40_000;

const centre = (i: number) => (i + 0.5) / 10;

/** Cells whose centre lies in the box (west ≤ east; no antimeridian: China's statistics never cross it). */
export function cellsInBbox(b: { west: number; south: number; east: number; north: number }): Cell[] {
  const out: Cell[] = [];
  const y0 = Math.ceil(b.south * 10 - 0.5);
  const y1 = Math.floor(b.north * 10 - 0.5);
  const x0 = Math.ceil(b.west * 10 - 0.5);
  const x1 = Math.floor(b.east * 10 - 0.5);
  for (let cy = Math.max(-900, y0); cy <= Math.min(899, y1); cy++)
    for (let cx = Math.max(-1800, x0); cx <= Math.min(1799, x1); cx++) {
      out.push({ cy, cx });
      if (out.length > MAX_AREA_CELLS) return out;
    }
  return out;
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Cells standing for a circle: those at least half inside it (sampled on a 5 × 5 grid of points), and
 * always the cell holding the site. A 0.1° cell is ~11 × 10 km, so a 10 km circle (314 km²) becomes one to
 * four cells (114–450 km²): counts are of the cells; Ng, a density, is divided by the cells' own area.
 */
export function cellsInCircle(lat: number, lon: number, radiusKm: number): Cell[] {
  const dLat = radiusKm / 111.19 + 0.1;
  const dLon = Math.min(180, radiusKm / (111.19 * Math.max(0.01, Math.cos(rad(lat)))) + 0.1);
  const y0 = Math.floor((lat - dLat) * 10);
  const y1 = Math.floor((lat + dLat) * 10);
  const x0 = Math.floor((lon - dLon) * 10);
  const x1 = Math.floor((lon + dLon) * 10);
  const out: Cell[] = [];
  const own = { cy: Math.floor(lat * 10), cx: Math.floor(lon * 10) };
  for (let cy = Math.max(-900, y0); cy <= Math.min(899, y1); cy++)
    for (let cx = Math.max(-1800, x0); cx <= Math.min(1799, x1); cx++) {
      let inside = 0;
      for (let i = 0; i < 5; i++)
        for (let j = 0; j < 5; j++)
          if (haversineKm(lat, lon, (cy + (i + 0.5) / 5) / 10, (cx + (j + 0.5) / 5) / 10) <= radiusKm)
            inside++;
      if (inside >= 13 || (cy === own.cy && cx === own.cx)) out.push({ cy, cx });
      if (out.length > MAX_AREA_CELLS) return out;
    }
  return out;
}

/** Cells whose centre lies inside the polygon (outer ring first, then holes; [lon, lat] positions). */
export function cellsInPolygon(rings: readonly (readonly [number, number])[][]): Cell[] {
  const outer = rings[0] ?? [];
  if (outer.length < 3) return [];
  // A vertex off the globe (NaN, ±Infinity) places the polygon nowhere: no cell.
  if (!rings.every((r) => r.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90))) return [];
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const [lon, lat] of outer) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const flat = [rings.map((r) => Float64Array.from(r.flat()))];
  const inside: Cell[] = [];
  for (let cy = Math.ceil(south * 10 - 0.5); cy <= Math.min(899, Math.floor(north * 10 - 0.5)); cy++)
    for (let cx = Math.ceil(west * 10 - 0.5); cx <= Math.min(1799, Math.floor(east * 10 - 0.5)); cx++) {
      if (!pointInPolygons(centre(cx), centre(cy), flat)) continue;
      inside.push({ cy, cx });
      if (inside.length > MAX_AREA_CELLS) return inside;
    }
  if (inside.length > 0) return inside;
  // A polygon smaller than a cell: the cell of its first vertex stands for it.
  const [lon, lat] = outer[0] as readonly [number, number];
  return [{ cy: Math.floor(lat * 10), cx: Math.floor(lon * 10) }];
}

/** Total area of a set of cells, km². */
export function cellsAreaKm2(cells: readonly Cell[]): number {
  return cells.reduce((s, c) => s + cellAreaKm2(c.cy), 0);
}

/** 'YYYY-MM' of a date, the month a day belongs to. */
export const monthOf = (date: string) => date.slice(0, 7);
