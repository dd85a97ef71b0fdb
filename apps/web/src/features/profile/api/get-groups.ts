import { useQuery } from '@tanstack/react-query';
import type { GroupDto, Page } from '@thunderwatch/shared/api';
import { apiClient } from '../../../lib/api-client';

export interface GroupListParams {
  limit: number;
  offset: number;
}

export const groupListQueryKey = (params: GroupListParams) => ['group_list', params] as const;

/** Admins get every group; everybody else gets their own. */
export function getGroups(params: GroupListParams): Promise<Page<GroupDto>> {
  return apiClient.get<Page<GroupDto>>('/api/group_list/', { ...params });
}

export function useGroups(params: GroupListParams, enabled = true) {
  return useQuery({ queryKey: groupListQueryKey(params), queryFn: () => getGroups(params), enabled });
}
