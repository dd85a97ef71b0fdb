import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { useEffect } from 'react';
import { apiClient } from './api-client';
import { mergeSensorReadings } from './live-sensors';
import { queryKeys } from './query-keys';
import { socketController } from './socket-connection';

/** Sensors report up to once a second; the panel shows them every 10 s. */
export const SENSORS_REFRESH_MS = 10_000;

/** GET /api/sensor/list/: my group's sensors with their latest readings. */
export function getSensors(signal?: AbortSignal): Promise<{ items: SensorDto[] }> {
  return apiClient.get<{ items: SensorDto[] }>('/api/sensor/list/', {}, { signal });
}

/**
 * My group's sensors (the board's panel; the home map's sensor layer while `enabled`), their latest readings
 * kept live by the socket's `sensor` events between fetches.
 */
export function useSensors(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return socketController.subscribeSensors((readings) => {
      queryClient.setQueryData<{ items: SensorDto[] }>(queryKeys.sensors, (list) =>
        mergeSensorReadings(list, readings),
      );
    });
  }, [queryClient, enabled]);
  return useQuery({
    queryKey: queryKeys.sensors,
    queryFn: ({ signal }) => getSensors(signal),
    enabled,
    refetchInterval: enabled ? SENSORS_REFRESH_MS : false,
  });
}
