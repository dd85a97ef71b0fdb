import { useQuery } from '@tanstack/react-query';
import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Sensors report up to once a second; the panel shows them every 10 s. */
export const SENSORS_REFRESH_MS = 10_000;

/** GET /api/sensor/list/: my group's sensors with their latest readings. */
export function getSensors(signal?: AbortSignal): Promise<{ items: SensorDto[] }> {
  return apiClient.get<{ items: SensorDto[] }>('/api/sensor/list/', {}, { signal });
}

export function useSensors() {
  return useQuery({
    queryKey: queryKeys.sensors,
    queryFn: ({ signal }) => getSensors(signal),
    refetchInterval: SENSORS_REFRESH_MS,
  });
}
