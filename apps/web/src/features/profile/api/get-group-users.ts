import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, UserDto } from '@thunderwatch/shared/api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface GroupUsersParams {
  group_id?: number;
  q?: string;
  limit: number;
  offset: number;
}

/** Users of one group (group admins: always their own). */
export function getGroupUsers(params: GroupUsersParams): Promise<Page<UserDto>> {
  return apiClient.get<Page<UserDto>>('/api/group_user_list/', { ...params });
}

export function useGroupUsers(params: GroupUsersParams) {
  return useQuery({
    queryKey: queryKeys.groupUsers.page(params),
    queryFn: () => getGroupUsers(params),
    placeholderData: keepPreviousData,
  });
}
