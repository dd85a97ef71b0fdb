import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CreateGroupInput {
  slug: string;
  name: string;
  name_en?: string;
}

/** Admin only. */
export function createGroup(input: CreateGroupInput): Promise<GroupDto> {
  return apiClient.post<GroupDto>('/api/group_list/', input);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
  });
}
