import { useQuery } from '@tanstack/react-query';
import type { WaveData } from '@thunderwatch/shared/schemas/weather';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** Buoys report every 10 to 60 minutes: asking every five keeps the map current without load. */
export const WAVES_REFRESH_MS = 5 * 60_000;

/** GET /api/wave_data?bbox=…&latest=1: every station's latest reading of the last 6 h. */
export function getWaveLatest(signal?: AbortSignal): Promise<WaveData> {
  return apiClient.get<WaveData>('/api/wave_data', { bbox: '-180,-90,180,90', latest: '1' }, { signal });
}

/** Every station's latest reading (the wave screen, and the home map's wave layer while `enabled`). */
export function useWaveLatest(enabled = true) {
  return useQuery({
    queryKey: queryKeys.waveLatest,
    queryFn: ({ signal }) => getWaveLatest(signal),
    enabled,
    refetchInterval: enabled ? WAVES_REFRESH_MS : false,
  });
}
