import { useQuery } from '@tanstack/react-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';
import { LIST_LIMIT } from './get-locations';

/** The same key as the geometry screen's list, so both share one cache and its invalidations. */
export const zonesQueryKey = ['zones'] as const;

/** My group's zones, to make a location from one. */
export function getZoneChoices(): Promise<{ items: ZoneDto[]; total: number }> {
  return apiClient.get<{ items: ZoneDto[]; total: number }>('/api/zones/', { limit: LIST_LIMIT });
}

export function useZoneChoices() {
  return useQuery({ queryKey: zonesQueryKey, queryFn: getZoneChoices });
}
