import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@thunderwatch/shared/notifications';
import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';
import { deliveriesQueryKey } from './get-deliveries';
import { inboxQueryKey } from './get-inbox';

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
        queryClient.invalidateQueries({ queryKey: deliveriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
      ]),
  });
}
