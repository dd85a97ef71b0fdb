import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Channel, DeliveryStatus } from '@thunderwatch/shared/notifications';
import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DeliveryQuery {
  status?: DeliveryStatus;
  channel?: Channel;
  limit: number;
  offset: number;
}

/** Delivery records I may see (my group's when I manage distribution, else those addressed to me). */
export function getDeliveries(q: DeliveryQuery): Promise<{ items: DeliveryRecord[]; total: number }> {
  return apiClient.get<{ items: DeliveryRecord[]; total: number }>('/api/notification/deliveries', { ...q });
}

export function useDeliveries(q: DeliveryQuery) {
  return useQuery({
    queryKey: queryKeys.deliveries.page(q),
    queryFn: () => getDeliveries(q),
    placeholderData: keepPreviousData,
  });
}
