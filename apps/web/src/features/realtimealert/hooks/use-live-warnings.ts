import { useQueryClient } from '@tanstack/react-query';
import type { AlarmPage, WarningList } from '@thunderwatch/shared/schemas/warnings';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import type { SocketStatus } from '../../../lib/socket';
import { socketController } from '../../../lib/socket-connection';
import { applyAlarm, mergeWarnings } from './warning-cache';

/**
 * Keeps the cached warnings and unconfirmed alarms live: socket events are applied to the query cache,
 * and whenever the socket (re)connects both are fetched again: events sent before the connection was up,
 * including those between the board's first load and its first connection, are gone.
 */
export function useLiveWarnings(): SocketStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>(socketController.status());

  useEffect(() => {
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.warnings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.alarms.unconfirmed });
    };
    const offStatus = socketController.onStatus((next) => {
      setStatus(next);
      if (next === 'connected') reload();
    });
    // An event that finds no list yet, or a list still being fetched (whose answer may predate the
    // event), cannot be applied for sure: the list is asked for again.
    const unsettled = (queryKey: readonly unknown[]) =>
      queryClient.getQueryData(queryKey) === undefined || queryClient.isFetching({ queryKey }) > 0;
    const offWarnings = socketController.subscribeWarnings((items) => {
      const refetch = unsettled(queryKeys.warnings);
      queryClient.setQueryData<WarningList>(queryKeys.warnings, (list) => mergeWarnings(list, items));
      if (refetch) void queryClient.invalidateQueries({ queryKey: queryKeys.warnings });
    });
    const offAlarms = socketController.subscribeAlarms((alarm) => {
      const refetch = unsettled(queryKeys.alarms.unconfirmed);
      const page = queryClient.setQueryData<AlarmPage>(queryKeys.alarms.unconfirmed, (current) =>
        applyAlarm(current, alarm),
      );
      // A list cut at its limit cannot tell whether an alarm beyond it was confirmed: ask again.
      if (refetch || (page && page.total > page.items.length)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.alarms.unconfirmed });
      }
    });
    setStatus(socketController.status());
    return () => {
      offWarnings();
      offAlarms();
      offStatus();
    };
  }, [queryClient]);

  return status;
}
