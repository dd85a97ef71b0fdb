import { useQuery } from '@tanstack/react-query';
import type { CoverageSummary, LocationCoverage } from '@thunderwatch/shared/schemas/distribution';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** Lists and roles change by hand: a minute is soon enough, and every edit invalidates it at once. */
const POLL_MS = 60_000;

/** GET /api/locations/coverage: the sites of my group (admins: every group) whose alarms reach nobody. */
export function useUntoldSites(): Map<number, number[]> {
  const summary = useQuery({
    queryKey: queryKeys.coverage.summary,
    queryFn: ({ signal }) => apiClient.get<CoverageSummary>('/api/locations/coverage', undefined, { signal }),
    refetchInterval: POLL_MS,
  });
  return useMemo(
    () => new Map((summary.data?.items ?? []).map((s) => [s.location_id, s.untold_levels])),
    [summary.data],
  );
}

/** GET /api/locations/:id/coverage: who the site's alarms would reach at each level. */
export function useLocationCoverage(id: number | null) {
  return useQuery({
    queryKey: queryKeys.coverage.location(id ?? 0),
    queryFn: ({ signal }) =>
      apiClient.get<LocationCoverage>(`/api/locations/${id}/coverage`, undefined, { signal }),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** "No one is notified for red at this site", or of any alarm when no level reaches anyone. */
export function untoldText(t: TFunction, untold: readonly number[], ringLevels = 3): string {
  if (untold.length >= ringLevels) return t('coverage.untold_all');
  const levels = untold.map((l) => t(`location.level_short.${l}`)).join(t('coverage.and'));
  return t('coverage.untold_levels', { levels });
}
