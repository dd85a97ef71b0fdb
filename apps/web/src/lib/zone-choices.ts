import { useQuery } from '@tanstack/react-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** The API's largest page: a group's zones all fit on one list. */
const LIST_LIMIT = 1000;

/** My group's zones to choose from (a location's, a query's area); the geometry screen's key, so all share one cache. */
export function getZoneChoices(): Promise<{ items: ZoneDto[]; total: number }> {
  return apiClient.get<{ items: ZoneDto[]; total: number }>('/api/zones/', { limit: LIST_LIMIT });
}

export function useZoneChoices(enabled = true) {
  return useQuery({ queryKey: queryKeys.zones, queryFn: getZoneChoices, enabled });
}
