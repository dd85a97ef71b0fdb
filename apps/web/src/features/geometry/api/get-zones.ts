import { useQuery } from '@tanstack/react-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';

/** Shared with the location screen's zone picker: one cache, one invalidation. */
export const zonesQueryKey = ['zones'] as const;
/** The API's largest page: a group's zones all fit on one map. */
const LIST_LIMIT = 1000;

export function getZones(): Promise<{ items: ZoneDto[]; total: number }> {
  return apiClient.get<{ items: ZoneDto[]; total: number }>('/api/zones/', { limit: LIST_LIMIT });
}

export function useZones() {
  return useQuery({ queryKey: zonesQueryKey, queryFn: getZones });
}
