import { useQuery } from '@tanstack/react-query';
import type { WeatherWarning, WeatherWarningList } from '@thunderwatch/shared/schemas/weather-warning';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { DECISION_REFRESH_MS } from './refresh';

/** What this screen reads of an official warning (`GET /api/weather/warning`). */
export type OfficialWarning = Pick<
  WeatherWarning,
  'id' | 'kind' | 'level' | 'headline' | 'event' | 'onset' | 'expires'
>;

/** The kinds this screen shows. */
export const WARNING_KINDS = ['gale', 'typhoon'] as const;

async function getKind(kind: string, signal?: AbortSignal): Promise<OfficialWarning[]> {
  const r = await apiClient.get<WeatherWarningList>(
    '/api/weather/warning',
    { active: '1', kind },
    { signal },
  );
  return r.warnings;
}

/** GET /api/weather/warning?active=1&kind=gale and …kind=typhoon: the active gale and typhoon warnings. */
export async function getOfficialWarnings(signal?: AbortSignal): Promise<OfficialWarning[]> {
  const lists = await Promise.all(WARNING_KINDS.map((kind) => getKind(kind, signal)));
  return lists.flat();
}

export function useOfficialWarnings() {
  return useQuery({
    queryKey: queryKeys.decision.warnings,
    queryFn: ({ signal }) => getOfficialWarnings(signal),
    refetchInterval: DECISION_REFRESH_MS,
  });
}
