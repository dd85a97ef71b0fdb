import { useQuery } from '@tanstack/react-query';
import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** My group's distribution lists. */
export function getLists(): Promise<{ items: DistributionList[] }> {
  return apiClient.get<{ items: DistributionList[] }>('/api/distribute_get');
}

export function useDistributionLists() {
  return useQuery({ queryKey: queryKeys.distributionLists, queryFn: getLists });
}
