import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

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
      void queryClient.invalidateQueries({ queryKey: ['group_list'] });
      // The current user carries their group's name.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['group_user_list'] });
    },
  });
}
