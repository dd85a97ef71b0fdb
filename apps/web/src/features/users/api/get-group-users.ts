import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserPage } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface GroupUsersParams {
  group_id?: number;
  q?: string;
  limit: number;
  offset: number;
}

/** Users of one group (group admins: always their own). */
export function getGroupUsers(params: GroupUsersParams): Promise<UserPage> {
  return apiClient.get<UserPage>('/api/group_user_list/', { ...params });
}

export function useGroupUsers(params: GroupUsersParams) {
  return useQuery({
    queryKey: queryKeys.groupUsers.page(params),
    queryFn: () => getGroupUsers(params),
    placeholderData: keepPreviousData,
  });
}
