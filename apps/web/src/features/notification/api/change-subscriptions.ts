import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Topic } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SubscriptionChange {
  subscribe: string[];
  unsubscribe: string[];
}

/** Subscribes and unsubscribes several topics at once; the server changes all of them or none. */
export function changeSubscriptions(change: SubscriptionChange): Promise<Topic[]> {
  return apiClient.post<Topic[]>('/api/notification/topic_batch', change);
}

export function useChangeSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptions,
    // The answer is the whole topic list as it now stands.
    onSuccess: (topics) => queryClient.setQueryData(queryKeys.topics, topics),
  });
}
