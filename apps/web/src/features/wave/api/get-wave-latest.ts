import { useQuery } from '@tanstack/react-query';
import type { WaveData } from '@thunderwatch/shared/schemas/weather';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Buoys report every 10 to 60 minutes: asking every five keeps the map current without load. */
export const WAVES_REFRESH_MS = 5 * 60_000;

/** GET /api/wave_data?bbox=…&latest=1: every station's latest reading of the last 6 h. */
export function getWaveLatest(signal?: AbortSignal): Promise<WaveData> {
  return apiClient.get<WaveData>('/api/wave_data', { bbox: '-180,-90,180,90', latest: '1' }, { signal });
}

export function useWaveLatest() {
  return useQuery({
    queryKey: queryKeys.waveLatest,
    queryFn: ({ signal }) => getWaveLatest(signal),
    refetchInterval: WAVES_REFRESH_MS,
  });
}
