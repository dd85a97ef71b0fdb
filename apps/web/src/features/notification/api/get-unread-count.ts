import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getInbox } from './get-inbox';

/** How many of my inbox messages are unread (one row asked for: only the count is wanted). */
export function getUnreadCount(): Promise<number> {
  return getInbox({ unread: true, limit: 1, offset: 0 }).then((page) => page.unread);
}

export function useUnreadCount(enabled = true) {
  return useQuery({ queryKey: queryKeys.inbox.unreadCount, queryFn: getUnreadCount, enabled });
}
