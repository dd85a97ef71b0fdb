import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DeliveryAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number;
  ok: boolean;
  error: string | null;
}

/** Every send attempt of one delivery, in order. */
export function getDeliveryAttempts(id: number): Promise<{ items: DeliveryAttempt[] }> {
  return apiClient.get<{ items: DeliveryAttempt[] }>(`/api/notification/deliveries/${id}/attempts`);
}

export function useDeliveryAttempts(id: number) {
  return useQuery({
    queryKey: queryKeys.deliveries.attempts(id),
    queryFn: () => getDeliveryAttempts(id),
  });
}
