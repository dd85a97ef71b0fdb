import { useQuery } from '@tanstack/react-query';
import type { WarningSkill } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

const DAY_MS = 86_400_000;
/** Skill changes with storms, not by the second: asked again at most every ten minutes. */
const SKILL_STALE_MS = 10 * 60_000;

/** A location's warning skill over the last `days` days (GET /api/warning/skill). */
export function getWarningSkill(locationId: number, days: number, now = Date.now()): Promise<WarningSkill> {
  const params = new URLSearchParams({
    location_id: String(locationId),
    from: new Date(now - days * DAY_MS).toISOString(),
    to: new Date(now).toISOString(),
  });
  return apiClient.get<WarningSkill>(`/api/warning/skill?${params}`);
}

export function useWarningSkill(locationId: number, days: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.warningSkill(locationId, days),
    queryFn: () => getWarningSkill(locationId, days),
    staleTime: SKILL_STALE_MS,
    enabled,
  });
}

/**
 * A translation of something said of a skill over its span: `key` over the last `days` days (with `days`), or
 * `${key}_since` when the site is younger and was scored from its making (`scoredSince`; with that instant as
 * `time`, through `formatTime`). A site made an hour ago, red in a storm that began before it, read "no lightning
 * inside the inner ring in the last 30 days".
 */
export function overSkillSpan(
  key: string,
  skill: Pick<WarningSkill, 'from' | 'to'>,
  days: number,
  formatTime: (iso: string) => string,
  params: Record<string, number> = {},
): { key: string; params: Record<string, number | string> } {
  const since = scoredSince(skill, days);
  return since === null
    ? { key, params: { ...params, days } }
    : { key: `${key}_since`, params: { ...params, time: formatTime(since) } };
}

/** The plain-language line of a skill: which translation and with what numbers (`overSkillSpan`). */
export function skillLine(
  skill: Pick<WarningSkill, 'events' | 'hits' | 'from' | 'to'>,
  days: number,
  formatTime: (iso: string) => string,
) {
  return skill.events === 0
    ? overSkillSpan('skill.no_storms', skill, days, formatTime)
    : overSkillSpan('skill.warned_in', skill, days, formatTime, { hits: skill.hits, count: skill.events });
}

/**
 * When the answer was scored from later than the `days` asked (the site is younger: skill counts from its
 * making), that start as an ISO instant; else null.
 */
export function scoredSince(skill: Pick<WarningSkill, 'from' | 'to'>, days: number): string | null {
  const asked = Date.parse(skill.to) - days * DAY_MS;
  return Date.parse(skill.from) > asked + 60_000 ? skill.from : null;
}

/** A share as a whole percentage, or a dash when there is nothing to share. */
export const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);
/** Minutes rounded to whole ones, or a dash. */
export const minutes = (value: number | null) => (value === null ? '–' : String(Math.round(value)));
