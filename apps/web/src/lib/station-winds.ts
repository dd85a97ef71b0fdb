import { useQuery } from '@tanstack/react-query';
import type { StationWinds } from '@thunderwatch/shared/schemas/decision';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** Stations report every 10 minutes: the gale screen and the home map ask again every minute. */
export const STATION_WINDS_REFRESH_MS = 60_000;

/** GET /api/weather/met_ele/wind: each station's latest wind with its Beaufort force and 1-h trend. */
export function getStationWinds(signal?: AbortSignal): Promise<StationWinds> {
  return apiClient.get<StationWinds>('/api/weather/met_ele/wind', {}, { signal });
}

/** The stations' winds (the gale screen, and the home map's wind station layer while `enabled`). */
export function useStationWinds(enabled = true) {
  return useQuery({
    queryKey: queryKeys.decision.winds,
    queryFn: ({ signal }) => getStationWinds(signal),
    enabled,
    refetchInterval: enabled ? STATION_WINDS_REFRESH_MS : false,
  });
}
