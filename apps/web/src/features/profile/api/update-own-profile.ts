import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@thunderwatch/shared/languages';
import type { CurrentUserDto, NotificationPrefs } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface OwnProfileChanges {
  name?: string;
  phone?: string | null;
  email?: string | null;
  language?: Language;
  time_zone?: string;
  notification_prefs?: NotificationPrefs;
}

export function updateOwnProfile(changes: OwnProfileChanges): Promise<CurrentUserDto> {
  return apiClient.post<CurrentUserDto>('/api/change_profile_by_user', changes);
}

export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      // The user appears in the group's user list too, and the inbox is worded in their language and zone.
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupUsers.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
    },
  });
}
