import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserPage } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many matches the picker offers; typing more narrows them. */
export const RECIPIENT_MATCHES = 8;

/**
 * Users who may be on the group's lists (its users and the administrators) whose user name, name or phone
 * number contains `q`.
 */
export function searchRecipients(groupId: number, q: string): Promise<UserPage> {
  return apiClient.get<UserPage>('/api/group_user_list/', {
    recipients_of: groupId,
    q,
    limit: RECIPIENT_MATCHES,
    offset: 0,
  });
}

export function useRecipientSearch(groupId: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.groupUsers.page({ recipients_of: groupId, q }),
    queryFn: () => searchRecipients(groupId, q),
    enabled: enabled && q.length > 0,
    placeholderData: keepPreviousData,
  });
}
