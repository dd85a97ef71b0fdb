import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateUserInput {
  id: number;
  changes: { name?: string; phone?: string | null; email?: string | null; disabled?: boolean };
}

/** Disabling a user also signs them out. */
export function updateUser({ id, changes }: UpdateUserInput): Promise<UserDto> {
  return apiClient.patch<UserDto>(`/api/group_user_list/${encodeURIComponent(id)}`, changes);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groupUsers.all }),
  });
}
