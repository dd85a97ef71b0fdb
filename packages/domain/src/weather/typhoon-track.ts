import type { TyphoonGrade } from './typhoon-grade.js';

/** Wind radii of one threshold (34, 50 or 64 kt) per quadrant, in km from the centre. */
export interface WindRadii {
  kt: 34 | 50 | 64;
  neKm: number;
  seKm: number;
  swKm: number;
  nwKm: number;
}

/** One position of a storm: observed (best track) or forecast (`leadH` > 0). */
export interface TyphoonPoint {
  /** Epoch ms (UTC). */
  time: number;
  lat: number;
  /** Degrees east in [-180, 180). */
  lon: number;
  pressureHpa: number | null;
  /** Maximum sustained wind, m/s (CMA: 2-minute mean; ATCF: 1-minute mean). */
  windMs: number | null;
  grade: TyphoonGrade;
  radii: WindRadii[];
}

export interface TyphoonForecastPoint extends TyphoonPoint {
  /** Hours after the forecast's base time. */
  leadH: number;
}

export type TyphoonFormat = 'cma' | 'atcf';

/** One storm as a source file describes it. */
export interface ParsedStorm {
  /** Stable identity: the same storm ingested again has the same key (`wp022023`, `cma2017-0010`). */
  key: string;
  format: TyphoonFormat;
  /** Ocean basin (ATCF two letters; CMA's best track covers the western North Pacific, `WP`). */
  basin: string;
  year: number;
  /** The storm's number as the source gives it (ATCF cyclone number, CMA international number). */
  number: string | null;
  nameEn: string | null;
  /** True when the source says the storm has ended (CMA's end flag). */
  ended: boolean;
  track: TyphoonPoint[];
  /** The latest forecast the source carries (empty when it carries none). */
  forecast: TyphoonForecastPoint[];
}

export interface TyphoonLineError {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

export interface TyphoonParseResult {
  format: TyphoonFormat | null;
  storms: ParsedStorm[];
  errors: TyphoonLineError[];
}

/** Plausibility bounds, checked at parse so that no value overflows its column. */
export const TYPHOON_LIMITS = {
  pressureHpa: [850, 1100],
  windMs: [0, 120],
  radiusKm: [0, 2000],
  leadH: [0, 240],
  years: [1900, 2200],
} as const;

/** A UTC time from `YYYYMMDDHH`, or null when it is no calendar hour. */
export function timeOfYmdh(text: string): number | null {
  if (!/^\d{10}$/.test(text)) return null;
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(4, 6));
  const d = Number(text.slice(6, 8));
  const h = Number(text.slice(8, 10));
  const [minY, maxY] = TYPHOON_LIMITS.years;
  if (y < minY || y > maxY || h > 23) return null;
  const t = Date.UTC(y, m - 1, d, h);
  const back = new Date(t);
  return back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? t : null;
}

/** `value` if it lies in [min, max], else the reason it does not. */
export function checkRange(
  name: string,
  value: number,
  [min, max]: readonly [number, number],
): string | null {
  if (!Number.isFinite(value)) return `${name} is not a number`;
  if (value < min || value > max) return `${name} ${value} is outside ${min}..${max}`;
  return null;
}

/** Longitude into [-180, 180). */
export function normaliseLon(lon: number): number {
  if (lon >= -180 && lon < 180) return lon;
  // Rounded to tenths of a degree, the precision of both formats, so that 1447E-like values stay exact.
  return Math.round((((((lon + 180) % 360) + 360) % 360) - 180) * 10) / 10;
}
