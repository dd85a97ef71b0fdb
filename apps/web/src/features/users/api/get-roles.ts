import { useQuery } from '@tanstack/react-query';
import type { RoleList } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every role with its permissions; `assignable` marks those the caller may hand out. */
export function getRoles(): Promise<RoleList> {
  return apiClient.get<RoleList>('/api/roles/');
}

export function useRoles(enabled = true) {
  return useQuery({ queryKey: queryKeys.roles, queryFn: getRoles, enabled, staleTime: 10 * 60_000 });
}
