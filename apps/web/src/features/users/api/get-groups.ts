import { useQuery } from '@tanstack/react-query';
import type { GroupPage } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface GroupListParams {
  limit: number;
  offset: number;
}

/** Admins get every group; everybody else gets their own. */
export function getGroups(params: GroupListParams): Promise<GroupPage> {
  return apiClient.get<GroupPage>('/api/group_list/', { ...params });
}

export function useGroups(params: GroupListParams, enabled = true) {
  return useQuery({ queryKey: queryKeys.groups.page(params), queryFn: () => getGroups(params), enabled });
}
