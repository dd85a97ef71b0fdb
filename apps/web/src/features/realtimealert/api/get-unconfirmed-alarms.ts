import { useQuery } from '@tanstack/react-query';
import type { AlarmPage } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';

/** More unconfirmed alarms than this at once is a board nobody can work through; the total still shows. */
export const UNCONFIRMED_LIMIT = 100;

/** Socket `alarm` events are applied to this entry; confirming invalidates every `alarms` list. */
export const unconfirmedAlarmsQueryKey = ['alarms', { confirmed: false }] as const;

export function getUnconfirmedAlarms(): Promise<AlarmPage> {
  return apiClient.get<AlarmPage>('/api/alarms/', {
    confirmed: false,
    limit: UNCONFIRMED_LIMIT,
    offset: 0,
  });
}

export function useUnconfirmedAlarms() {
  return useQuery({
    queryKey: unconfirmedAlarmsQueryKey,
    queryFn: getUnconfirmedAlarms,
    // As the warnings: loaded whenever the board opens, then kept current by socket events.
    refetchOnMount: 'always',
  });
}
