import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { socketController } from '../../../lib/socket-connection';

/**
 * Keeps my inbox and its unread count live: a new message (socket `notification`) reloads them, and so does
 * every (re)connection, since messages sent while the socket was down are not sent again. Reloading rather
 * than prepending keeps the page, its total and the unread count right whatever page is shown.
 */
export function useLiveInbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
    const offStatus = socketController.onStatus((status) => {
      if (status === 'connected') reload();
    });
    const offMessages = socketController.subscribeNotifications(reload);
    return () => {
      offMessages();
      offStatus();
    };
  }, [queryClient]);
}
