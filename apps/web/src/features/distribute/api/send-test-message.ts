import { useMutation } from '@tanstack/react-query';
import type { Channel } from '@thunderwatch/shared/notifications';
import type { RecipientInput } from '@thunderwatch/shared/schemas/distribution';
import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';

/** A recipient row as typed (a webhook's secret too when one was typed), not necessarily saved yet. */
export interface SendTestMessageInput {
  channel: Channel;
  recipient: RecipientInput;
  list_id?: number;
}

/** Sends a test message now; the answer is its delivery record (`sent` or `failed` with the error). */
export function sendTestMessage(input: SendTestMessageInput): Promise<DeliveryRecord> {
  return apiClient.post<DeliveryRecord>('/api/notification/test', input);
}

export function useSendTestMessage() {
  return useMutation({ mutationFn: sendTestMessage });
}
