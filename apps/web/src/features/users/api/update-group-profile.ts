import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface GroupProfileChanges {
  /** Only for admins editing another group; a group admin always edits their own. */
  group_id?: number;
  name?: string;
  name_en?: string | null;
  contact_name?: string | null;
  contact_phone?: string | null;
  contact_email?: string | null;
  address?: string | null;
}

export function updateGroupProfile(changes: GroupProfileChanges): Promise<GroupDto> {
  return apiClient.post<GroupDto>('/api/change_profile_by_group', changes);
}

export function useUpdateGroupProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroupProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
      // The current user carries their group's name.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupUsers.all });
    },
  });
}
