/**
 * The Beaufort scale of wind force from the 10-minute mean wind speed at 10 m, in m/s. Forces 0–12 are the
 * WMO table (WMO-No. 8, Guide to Instruments and Methods of Observation, 2018, vol. I, chapter 5, annex 5.A,
 * "equivalent speed at 10 m above ground"); 13–17 are China's extension (GB/T 28591-2012 风力等级), which CMA's
 * typhoon grades and gale warnings use. Each force is named by its lower bound; speeds are first rounded to the
 * 0.1 m/s the table is written in (so 1.55 m/s is force 2, as a reported 1.6 would be).
 */
export const BEAUFORT_FORCES = [
  { force: 0, fromMs: 0, name: 'calm' },
  { force: 1, fromMs: 0.3, name: 'light air' },
  { force: 2, fromMs: 1.6, name: 'light breeze' },
  { force: 3, fromMs: 3.4, name: 'gentle breeze' },
  { force: 4, fromMs: 5.5, name: 'moderate breeze' },
  { force: 5, fromMs: 8.0, name: 'fresh breeze' },
  { force: 6, fromMs: 10.8, name: 'strong breeze' },
  { force: 7, fromMs: 13.9, name: 'near gale' },
  { force: 8, fromMs: 17.2, name: 'gale' },
  { force: 9, fromMs: 20.8, name: 'strong gale' },
  { force: 10, fromMs: 24.5, name: 'storm' },
  { force: 11, fromMs: 28.5, name: 'violent storm' },
  { force: 12, fromMs: 32.7, name: 'hurricane force' },
  { force: 13, fromMs: 37.0, name: 'hurricane force (13)' },
  { force: 14, fromMs: 41.5, name: 'hurricane force (14)' },
  { force: 15, fromMs: 46.2, name: 'hurricane force (15)' },
  { force: 16, fromMs: 51.0, name: 'hurricane force (16)' },
  { force: 17, fromMs: 56.1, name: 'hurricane force (17)' },
] as const;

export type BeaufortForce = (typeof BEAUFORT_FORCES)[number]['force'];

/** The force of a wind speed in m/s; null for no (or a negative, or a non-finite) speed. */
export function beaufortForce(speedMs: number | null | undefined): BeaufortForce | null {
  if (speedMs === null || speedMs === undefined || !Number.isFinite(speedMs) || speedMs < 0) return null;
  const tenths = Math.round(speedMs * 10) / 10;
  let found: BeaufortForce = 0;
  for (const f of BEAUFORT_FORCES) if (tenths >= f.fromMs) found = f.force;
  return found;
}

/** The force of a mean wind and of its gust (a gust is read against the same table, as CMA's warnings do). */
export function windForces(wind: { speedMs: number | null; gustMs: number | null }): {
  force: BeaufortForce | null;
  gustForce: BeaufortForce | null;
} {
  return { force: beaufortForce(wind.speedMs), gustForce: beaufortForce(wind.gustMs) };
}

export const GALE_LEVELS = ['blue', 'yellow', 'orange', 'red'] as const;
export type GaleLevel = (typeof GALE_LEVELS)[number];

/**
 * The CMA gale warning signal (大风预警信号, 《气象灾害预警信号发布与传播办法》, 2007) a wind reaches: mean force ≥ 6
 * or gust ≥ 7 blue, ≥ 8 / ≥ 9 yellow, ≥ 10 / ≥ 11 orange, ≥ 12 / ≥ 13 red. The signals are issued on a
 * forecast; here they grade what stations measure, for the checklist when no official warning is in force.
 */
const GALE_CRITERIA: readonly { level: GaleLevel; force: number; gust: number }[] = [
  { level: 'red', force: 12, gust: 13 },
  { level: 'orange', force: 10, gust: 11 },
  { level: 'yellow', force: 8, gust: 9 },
  { level: 'blue', force: 6, gust: 7 },
];

export function galeLevelOf(force: number | null, gustForce: number | null): GaleLevel | null {
  for (const c of GALE_CRITERIA)
    if ((force !== null && force >= c.force) || (gustForce !== null && gustForce >= c.gust)) return c.level;
  return null;
}

/** The higher of two levels (null is below blue). */
export function higherGaleLevel(a: GaleLevel | null, b: GaleLevel | null): GaleLevel | null {
  if (a === null) return b;
  if (b === null) return a;
  return GALE_LEVELS.indexOf(a) >= GALE_LEVELS.indexOf(b) ? a : b;
}
