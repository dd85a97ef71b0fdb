import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WaveData } from '@thunderwatch/shared/schemas/weather';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { WAVES_REFRESH_MS } from '../../../lib/wave-latest';

/** GET /api/wave_data?station=…&from=…: one station's readings over the last `hours`. */
export function getWaveSeries(station: string, hours: number, signal?: AbortSignal): Promise<WaveData> {
  const from = new Date(Date.now() - hours * 3_600_000).toISOString();
  return apiClient.get<WaveData>('/api/wave_data', { station, from }, { signal });
}

export function useWaveSeries(station: string | null, hours: number) {
  return useQuery({
    queryKey: queryKeys.waveSeries(station ?? '', hours),
    queryFn: ({ signal }) => getWaveSeries(station as string, hours, signal),
    enabled: station !== null,
    refetchInterval: WAVES_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
