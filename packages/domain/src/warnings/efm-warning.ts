import type { Level } from '@thunderwatch/shared/warnings';

/**
 * Field-mill warnings: a thundercloud overhead charges the ground's electric field to several kV/m (fair
 * weather is about +0.1 kV/m) minutes before its first stroke, so a location's mills warn before any ring.
 * - The signal is |E|: the largest magnitude of the location's mills at a reading (either sign counts).
 * - Level k (1–3) rises once |E| has stayed at or above `thresholdsKvm[k-1]` for `sustainMs` without a
 *   gap longer than `maxGapMs` between readings (one spike does not alarm); the highest such k wins.
 * - Hysteresis: at level k the field counts as below only under `thresholdsKvm[k-1] − hysteresisKvm`. Once
 *   it has stayed below for `allClearMs`, the level falls to what the field still sustains (0: all clear).
 * - Without readings (mills offline), the level falls to 0 `allClearMs` after the last reading.
 * Pure; the live engine feeds it each reading in time order and runs its clock each tick.
 */
export interface EfmSetting {
  /** Levels 1, 2, 3, kV/m, ascending. */
  thresholdsKvm: readonly [number, number, number];
  sustainMs: number;
  hysteresisKvm: number;
  allClearMs: number;
  maxGapMs: number;
}

export const DEFAULT_EFM: EfmSetting = {
  thresholdsKvm: [2, 3.5, 5],
  sustainMs: 10_000,
  hysteresisKvm: 0.5,
  allClearMs: 15 * 60_000,
  maxGapMs: 120_000,
};

export interface EfmState {
  level: Level;
  /** When the current level began (epoch ms), null at 0. */
  sinceMs: number | null;
  /** Since when |E| has stayed at or above each level's threshold (null: not now). */
  aboveSinceMs: [number | null, number | null, number | null];
  /** Since when |E| has stayed below the current level's threshold less the hysteresis. */
  belowSinceMs: number | null;
  lastMs: number | null;
  /** The latest |E|, kV/m. */
  lastKvm: number | null;
}

export const INITIAL_EFM: EfmState = {
  level: 0,
  sinceMs: null,
  aboveSinceMs: [null, null, null],
  belowSinceMs: null,
  lastMs: null,
  lastKvm: null,
};

/** The highest level |E| has sustained at `nowMs` (0 when none). */
function sustained(s: EfmState, setting: EfmSetting, nowMs: number): Level {
  for (let k = 2; k >= 0; k--) {
    const since = s.aboveSinceMs[k];
    if (since !== null && since !== undefined && nowMs - since >= setting.sustainMs) return (k + 1) as Level;
  }
  return 0;
}

/** One reading: |E| of the location's mills at `timeMs` (readings older than the last one are ignored). */
export function nextEfm(
  setting: EfmSetting,
  s: EfmState,
  reading: { timeMs: number; kvm: number },
): EfmState {
  const t = reading.timeMs;
  if (s.lastMs !== null && t <= s.lastMs) return s;
  const e = Math.abs(reading.kvm);
  const gap = s.lastMs !== null && t - s.lastMs > setting.maxGapMs;
  const aboveSinceMs = s.aboveSinceMs.map((since, k) =>
    e >= (setting.thresholdsKvm[k] as number) ? (since !== null && !gap ? since : t) : null,
  ) as EfmState['aboveSinceMs'];
  let next: EfmState = { ...s, aboveSinceMs, lastMs: t, lastKvm: e };
  const raise = sustained(next, setting, t);
  if (raise > next.level) return { ...next, level: raise, sinceMs: t, belowSinceMs: null };
  if (next.level === 0) return next;
  const floor = (setting.thresholdsKvm[next.level - 1] as number) - setting.hysteresisKvm;
  const belowSinceMs = e < floor ? (next.belowSinceMs !== null && !gap ? next.belowSinceMs : t) : null;
  next = { ...next, belowSinceMs };
  if (belowSinceMs !== null && t - belowSinceMs >= setting.allClearMs) {
    const level = sustained(next, setting, t);
    return { ...next, level, sinceMs: level === 0 ? null : t, belowSinceMs: null };
  }
  return next;
}

/** The clock runs to `nowMs`: a level without any reading for the all-clear time ends. */
export function advanceEfm(setting: EfmSetting, s: EfmState, nowMs: number): EfmState {
  if (s.level === 0 || s.lastMs === null || nowMs - s.lastMs < setting.allClearMs) return s;
  return { ...INITIAL_EFM, lastMs: s.lastMs, lastKvm: s.lastKvm };
}

/** When a level held now ends if the field stays as it is (null when none is held). */
export function efmClearAt(setting: EfmSetting, s: EfmState): number | null {
  if (s.level === 0 || s.lastMs === null) return null;
  return (s.belowSinceMs ?? s.lastMs) + setting.allClearMs;
}
