import { useQuery } from '@tanstack/react-query';
import type { AlarmPage } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** More unconfirmed alarms than this at once is a board nobody can work through; the total still shows. */
export const UNCONFIRMED_LIMIT = 100;

export function getUnconfirmedAlarms(): Promise<AlarmPage> {
  return apiClient.get<AlarmPage>('/api/alarms/', {
    confirmed: false,
    limit: UNCONFIRMED_LIMIT,
    offset: 0,
  });
}

export function useUnconfirmedAlarms() {
  return useQuery({
    queryKey: queryKeys.alarms.unconfirmed,
    queryFn: getUnconfirmedAlarms,
    // As the warnings: loaded whenever the board opens, then kept current by socket events.
    refetchOnMount: 'always',
  });
}
