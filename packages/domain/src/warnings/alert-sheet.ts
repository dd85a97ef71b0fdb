/**
 * The alert sheet: each location's warning episodes over a period, summed up for the data sheet and reports,
 * beside its warning skill over the same period (the events, hits and lead times every other screen shows).
 */
import type { WarningSkillScores } from './warning-skill.js';

export interface SheetEpisode {
  locationId: number;
  startedMs: number;
  /** null: still going on (counted up to the period's end). */
  endedMs: number | null;
  peakLevel: number;
  predicted: boolean;
}

export interface AlertSheetRow {
  location_id: number;
  /** The site's own name, and its English one (null: none). */
  location_name: string;
  location_name_en: string | null;
  episodes: number;
  /** Highest level any episode reached; 0 without episodes. */
  peak_level: number;
  red_episodes: number;
  total_min: number;
  median_duration_min: number | null;
  /** Warning skill over the period: lightning events in the innermost ring, and of them those warned before. */
  inner_strikes: number;
  warned_before: number;
  median_lead_min: number | null;
  predicted: number;
}

/** The median of a list; null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * One row per location (every location listed, with or without episodes), durations clipped to the period's
 * end for episodes still going on; the skill columns from each location's `skill` (none: no events).
 */
export function alertSheetRows(
  locations: readonly { id: number; name: string; nameEn?: string | null }[],
  episodes: readonly SheetEpisode[],
  skill: ReadonlyMap<number, Pick<WarningSkillScores, 'events' | 'hits' | 'median_lead_time_min'>>,
  periodEndMs: number,
): AlertSheetRow[] {
  const byLocation = new Map<number, SheetEpisode[]>();
  for (const e of episodes) {
    const list = byLocation.get(e.locationId) ?? [];
    list.push(e);
    byLocation.set(e.locationId, list);
  }
  return locations.map((l) => {
    const mine = byLocation.get(l.id) ?? [];
    const durations = mine.map((e) => Math.max(0, (e.endedMs ?? periodEndMs) - e.startedMs) / 60_000);
    const scores = skill.get(l.id);
    const med = (xs: number[]) => {
      const m = median(xs);
      return m === null ? null : round1(m);
    };
    return {
      location_id: l.id,
      location_name: l.name,
      location_name_en: l.nameEn ?? null,
      episodes: mine.length,
      peak_level: mine.reduce((p, e) => Math.max(p, e.peakLevel), 0),
      red_episodes: mine.filter((e) => e.peakLevel >= 3).length,
      total_min: round1(durations.reduce((s, d) => s + d, 0)),
      median_duration_min: med(durations),
      inner_strikes: scores?.events ?? 0,
      warned_before: scores?.hits ?? 0,
      median_lead_min: scores?.median_lead_time_min == null ? null : round1(scores.median_lead_time_min),
      predicted: mine.filter((e) => e.predicted).length,
    };
  });
}
