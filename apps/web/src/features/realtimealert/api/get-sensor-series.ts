import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SensorSeriesDto } from '@thunderwatch/shared/schemas/sensors';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SENSORS_REFRESH_MS } from '../../../lib/sensors';

/** GET /api/sensor/sensor_data: one sensor's first element over the last `hours` (raw or rolled up). */
export function getSensorSeries(id: string, hours: number, signal?: AbortSignal): Promise<SensorSeriesDto> {
  const from = new Date(Date.now() - hours * 3_600_000).toISOString();
  return apiClient.get<SensorSeriesDto>('/api/sensor/sensor_data', { id, from }, { signal });
}

export function useSensorSeries(id: string | null, hours: number) {
  return useQuery({
    queryKey: queryKeys.sensorSeries(id ?? '', hours),
    queryFn: ({ signal }) => getSensorSeries(id as string, hours, signal),
    enabled: id !== null,
    refetchInterval: SENSORS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
