import { useQuery } from '@tanstack/react-query';
import type { StationWinds } from '@thunderwatch/shared/schemas/decision';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The wall screen asks again every minute (and sooner on a socket alarm). */
export const DECISION_REFRESH_MS = 60_000;

/** GET /api/weather/met_ele/wind: each station's latest wind with its Beaufort force and 1-h trend. */
export function getStationWinds(signal?: AbortSignal): Promise<StationWinds> {
  return apiClient.get<StationWinds>('/api/weather/met_ele/wind', {}, { signal });
}

export function useStationWinds() {
  return useQuery({
    queryKey: queryKeys.decision.winds,
    queryFn: ({ signal }) => getStationWinds(signal),
    refetchInterval: DECISION_REFRESH_MS,
  });
}
