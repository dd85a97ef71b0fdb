import type { WarningLevelName } from '@thunderwatch/shared/schemas/decision';
import { todayIn } from '../../../lib/calendar-dates';
import type { OfficialWarning } from '../api/get-official-warnings';

export const LEVELS: readonly WarningLevelName[] = ['blue', 'yellow', 'orange', 'red'];

/** The colours of CMA's warning signals (蓝, 黄, 橙, 红), as the signals' icons draw them. */
export const LEVEL_COLORS: Record<WarningLevelName, string> = {
  blue: '#1d6ff2',
  yellow: '#f7d100',
  orange: '#ff8a00',
  red: '#e5262b',
};

/** Text on each level's colour. */
export const LEVEL_TEXT: Record<WarningLevelName, string> = {
  blue: '#ffffff',
  yellow: '#111827',
  orange: '#111827',
  red: '#ffffff',
};

export interface Situation {
  /** The checklist's level; null: no warning and no station at gale. */
  level: WarningLevelName | null;
  /** The key the ticks are stored under. */
  key: string;
  /** Where the level comes from. */
  source: 'warning' | 'observed' | 'none';
  warning: OfficialWarning | null;
}

/** The situation of an official warning: its ticks stay with it while it is in force. */
export function warningSituation(id: number): string {
  return `warning:${id}`;
}

const rank = (level: WarningLevelName | null) => (level === null ? -1 : LEVELS.indexOf(level));

/**
 * What the checklist follows: the highest-level active official warning (gale or typhoon; of equals the first
 * listed), else the gale the stations measure, ticked per local day (the reader's `timeZone`), else nothing.
 */
export function currentSituation(
  warnings: readonly OfficialWarning[],
  observedLevel: WarningLevelName | null,
  nowMs: number,
  timeZone: string,
): Situation {
  let top: OfficialWarning | null = null;
  for (const w of warnings) if (w.level !== null && rank(w.level) > rank(top?.level ?? null)) top = w;
  if (top?.level) return { level: top.level, key: warningSituation(top.id), source: 'warning', warning: top };
  const key = `observed:${todayIn(timeZone, new Date(nowMs))}`;
  return { level: observedLevel, key, source: observedLevel ? 'observed' : 'none', warning: null };
}

/** Warnings highest level first (no level last). */
export function byLevel(warnings: readonly OfficialWarning[]): OfficialWarning[] {
  return [...warnings].sort((a, b) => rank(b.level) - rank(a.level));
}
