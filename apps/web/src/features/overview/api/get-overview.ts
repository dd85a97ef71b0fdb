import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@thunderwatch/shared/schemas/overview';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The server computes the overview at most every 10 s; a wall screen refreshing every 15 s is live enough. */
export const OVERVIEW_REFRESH_MS = 15_000;

/** GET /api/overview: the dashboard's indicators and breakdowns for my group, "today" in my time zone. */
export function getOverview(timeZone: string, signal?: AbortSignal): Promise<Overview> {
  return apiClient.get<Overview>('/api/overview', { time_zone: timeZone }, { signal });
}

export function useOverview(timeZone: string) {
  return useQuery({
    queryKey: queryKeys.overview(timeZone),
    queryFn: ({ signal }) => getOverview(timeZone, signal),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}
