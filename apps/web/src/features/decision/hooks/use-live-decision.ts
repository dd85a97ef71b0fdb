import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { socketController } from '../../../lib/socket-connection';

/**
 * The screen's data refetches every minute on its own; an alarm over the socket (a typhoon or warning alert)
 * or a reconnect asks for everything at once, so the wall does not wait for its next minute.
 */
export function useLiveDecision(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.decision.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.typhoons });
    };
    const offAlarms = socketController.subscribeAlarms(reload);
    const offStatus = socketController.onStatus((status) => {
      if (status === 'connected') reload();
    });
    return () => {
      offAlarms();
      offStatus();
    };
  }, [queryClient]);
}
