import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RadarTimes } from '@thunderwatch/shared/schemas/radar';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface RadarTimesQuery {
  /** Whole minutes (ISO), so the key stays the same within a minute. */
  from: string;
  to: string;
}

/** GET /api/radar_times: every product's frame times over the span, oldest first. */
export function getRadarTimes(query: RadarTimesQuery, signal?: AbortSignal): Promise<RadarTimes> {
  return apiClient.get<RadarTimes>('/api/radar_times', { ...query }, { signal });
}

export function useRadarTimes(query: RadarTimesQuery | null) {
  return useQuery({
    queryKey: queryKeys.radarTimes(query ?? {}),
    queryFn: ({ signal }) => getRadarTimes(query as RadarTimesQuery, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
