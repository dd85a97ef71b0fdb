import { useQuery } from '@tanstack/react-query';
import type { RoleDto } from '@thunderwatch/shared/api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every role with its permissions; `assignable` marks those the caller may hand out. */
export function getRoles(): Promise<{ items: RoleDto[] }> {
  return apiClient.get<{ items: RoleDto[] }>('/api/roles/');
}

export function useRoles(enabled = true) {
  return useQuery({ queryKey: queryKeys.roles, queryFn: getRoles, enabled, staleTime: 10 * 60_000 });
}
