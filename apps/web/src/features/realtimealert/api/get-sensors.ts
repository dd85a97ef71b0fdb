import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { socketController } from '../../../lib/socket-connection';
import { mergeSensorReadings } from '../hooks/live-sensors';

/** Sensors report up to once a second; the panel shows them every 10 s. */
export const SENSORS_REFRESH_MS = 10_000;

/** GET /api/sensor/list/: my group's sensors with their latest readings. */
export function getSensors(signal?: AbortSignal): Promise<{ items: SensorDto[] }> {
  return apiClient.get<{ items: SensorDto[] }>('/api/sensor/list/', {}, { signal });
}

/** My group's sensors, their latest readings kept live by the socket's `sensor` events between fetches. */
export function useSensors() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      socketController.subscribeSensors((readings) => {
        queryClient.setQueryData<{ items: SensorDto[] }>(queryKeys.sensors, (list) =>
          mergeSensorReadings(list, readings),
        );
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: queryKeys.sensors,
    queryFn: ({ signal }) => getSensors(signal),
    refetchInterval: SENSORS_REFRESH_MS,
  });
}
