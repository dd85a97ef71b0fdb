import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@thunderwatch/shared/notifications';
import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Sends a test message to me now through one channel; the answer is its delivery record. */
export function sendTestMessage({
  channel,
  userId,
}: {
  channel: Channel;
  userId: number;
}): Promise<DeliveryRecord> {
  return apiClient.post<DeliveryRecord>('/api/notification/test', {
    channel,
    recipient: { kind: 'user', value: String(userId) },
  });
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMessage,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.deliveries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all }),
      ]),
  });
}
