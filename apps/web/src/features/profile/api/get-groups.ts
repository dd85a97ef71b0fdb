import { useQuery } from '@tanstack/react-query';
import type { GroupPage } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';

export interface GroupListParams {
  limit: number;
  offset: number;
}

export const groupListQueryKey = (params: GroupListParams) => ['group_list', params] as const;

/** Admins get every group; everybody else gets their own. */
export function getGroups(params: GroupListParams): Promise<GroupPage> {
  return apiClient.get<GroupPage>('/api/group_list/', { ...params });
}

export function useGroups(params: GroupListParams, enabled = true) {
  return useQuery({ queryKey: groupListQueryKey(params), queryFn: () => getGroups(params), enabled });
}
