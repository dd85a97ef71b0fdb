import { useQuery } from '@tanstack/react-query';
import type { WeatherWarningList } from '@thunderwatch/shared/schemas/weather-warning';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Official warnings arrive with their senders' bulletins (minutes apart at most): asked each minute. */
export const WEATHER_WARNINGS_REFRESH_MS = 60_000;

/** GET /api/weather/warning?active=1: the open official warnings, each with its area (null: geocodes only). */
export function getWeatherWarnings(signal?: AbortSignal): Promise<WeatherWarningList> {
  return apiClient.get<WeatherWarningList>('/api/weather/warning', { active: '1' }, { signal });
}

export function useWeatherWarningsQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.weatherWarnings,
    queryFn: ({ signal }) => getWeatherWarnings(signal),
    enabled,
    refetchInterval: enabled ? WEATHER_WARNINGS_REFRESH_MS : false,
  });
}
