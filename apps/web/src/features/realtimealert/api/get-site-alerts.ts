import { useQuery } from '@tanstack/react-query';
import type { TyphoonAlarmList } from '@thunderwatch/shared/schemas/typhoon';
import type { WaveAlarmList } from '@thunderwatch/shared/schemas/wave-alarms';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Typhoon and wave alarms change with 10-minute readings and 6-hourly tracks; the board polls for them. */
const POLL_MS = 60_000;

/** GET /api/weather/typhoon/alarms?active=1: my group's locations a storm threatens now. */
export function useTyphoonAlarms() {
  return useQuery({
    queryKey: queryKeys.typhoonAlarms,
    queryFn: ({ signal }) =>
      apiClient.get<TyphoonAlarmList>('/api/weather/typhoon/alarms', { active: '1' }, { signal }),
    refetchOnMount: 'always',
    refetchInterval: POLL_MS,
  });
}

/** GET /api/wave_data/alarms?active=1: my group's locations with a rough sea nearby. */
export function useBoardWaveAlarms() {
  return useQuery({
    queryKey: queryKeys.waveAlarms,
    queryFn: ({ signal }) =>
      apiClient.get<WaveAlarmList>('/api/wave_data/alarms', { active: '1' }, { signal }),
    refetchOnMount: 'always',
    refetchInterval: POLL_MS,
  });
}
