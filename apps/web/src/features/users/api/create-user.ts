import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@thunderwatch/shared/permissions';
import type { UserDto } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CreateUserInput {
  username: string;
  password: string;
  role: Role;
  name?: string;
  phone?: string;
  email?: string;
  group_id?: number;
}

export function createUser(input: CreateUserInput): Promise<UserDto> {
  return apiClient.post<UserDto>('/api/group_user_list/', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupUsers.all });
      // Groups show how many users they have.
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
    },
  });
}
