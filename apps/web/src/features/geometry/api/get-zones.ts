import { useQuery } from '@tanstack/react-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API's largest page: a group's zones all fit on one map. */
const LIST_LIMIT = 1000;

export function getZones(): Promise<{ items: ZoneDto[]; total: number }> {
  return apiClient.get<{ items: ZoneDto[]; total: number }>('/api/zones/', { limit: LIST_LIMIT });
}

export function useZones() {
  return useQuery({ queryKey: queryKeys.zones, queryFn: getZones });
}
