import { useQuery } from '@tanstack/react-query';
import type { WaveAlarmList } from '@thunderwatch/shared/schemas/wave-alarms';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { WAVES_REFRESH_MS } from '../../../lib/wave-latest';

/** GET /api/wave_data/alarms?active=1: the wave alarms of my group that still hold. */
export function getWaveAlarms(signal?: AbortSignal): Promise<WaveAlarmList> {
  return apiClient.get<WaveAlarmList>('/api/wave_data/alarms', { active: '1' }, { signal });
}

export function useWaveAlarms() {
  return useQuery({
    queryKey: queryKeys.waveAlarms,
    queryFn: ({ signal }) => getWaveAlarms(signal),
    refetchInterval: WAVES_REFRESH_MS,
  });
}
