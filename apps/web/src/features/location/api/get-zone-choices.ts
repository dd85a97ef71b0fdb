import { useQuery } from '@tanstack/react-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { LIST_LIMIT } from './get-locations';

/** My group's zones, to make a location from one; the geometry screen's key, so both share one cache. */
export function getZoneChoices(): Promise<{ items: ZoneDto[]; total: number }> {
  return apiClient.get<{ items: ZoneDto[]; total: number }>('/api/zones/', { limit: LIST_LIMIT });
}

export function useZoneChoices() {
  return useQuery({ queryKey: queryKeys.zones, queryFn: getZoneChoices });
}
