import { useQuery } from '@tanstack/react-query';
import type { WeatherWarningAlarmList } from '@thunderwatch/shared/schemas/weather-warning';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Official warnings change every few minutes at most; the board polls for them. */
const POLL_MS = 60_000;

export function getWeatherWarningAlarms(): Promise<WeatherWarningAlarmList> {
  return apiClient.get<WeatherWarningAlarmList>('/api/weather/warning/alarms', { active: '1' });
}

export function useWeatherWarningAlarms() {
  return useQuery({
    queryKey: queryKeys.weatherWarningAlarms,
    queryFn: getWeatherWarningAlarms,
    refetchOnMount: 'always',
    refetchInterval: POLL_MS,
  });
}
