import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface InboxPage {
  items: InboxItem[];
  total: number;
  unread: number;
}

export interface InboxQuery {
  unread: boolean;
  limit: number;
  offset: number;
}

/** A page of my in-app inbox, newest first, with the unread count. */
export function getInbox(q: InboxQuery): Promise<InboxPage> {
  return apiClient.get<InboxPage>('/api/notification_record', { ...q });
}

export function useInbox(q: InboxQuery) {
  return useQuery({
    queryKey: queryKeys.inbox.page(q),
    queryFn: () => getInbox(q),
    placeholderData: keepPreviousData,
  });
}
