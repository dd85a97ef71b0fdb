import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@thunderwatch/shared/permissions';
import type { UserDto } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ChangeRoleInput {
  user_id: number;
  role: Role;
}

export function changeRole(input: ChangeRoleInput): Promise<UserDto> {
  return apiClient.post<UserDto>('/api/change_role', input);
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groupUsers.all }),
  });
}
