import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** These messages, or every unread one. */
export type MarkReadInput = { ids: number[] } | { all: true };

export function markRead(input: MarkReadInput): Promise<{ updated: number }> {
  return apiClient.post<{ updated: number }>('/api/notification_record', input);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all }),
  });
}
