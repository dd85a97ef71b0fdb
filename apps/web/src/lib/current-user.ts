import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@thunderwatch/shared/permissions';
import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

export function getCurrentUser(): Promise<CurrentUserDto> {
  return apiClient.get<CurrentUserDto>('/api/user_data');
}

/** The signed-in user with their permissions; shared by the shell and the screens. */
export function useCurrentUser(enabled = true) {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: getCurrentUser,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function can(user: Pick<CurrentUserDto, 'permissions'> | undefined, permission: Permission): boolean {
  return Boolean(user?.permissions.includes(permission));
}
