import { useQuery } from '@tanstack/react-query';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** The API's largest page: a group's sites all fit on one map. */
export const LIST_LIMIT = 1000;

/** My group's locations with their current level (the location screen's list, the report form's choices). */
export function getLocations(): Promise<{ items: LocationDto[]; total: number }> {
  return apiClient.get<{ items: LocationDto[]; total: number }>('/api/locations/', { limit: LIST_LIMIT });
}

export function useLocations() {
  // Levels change with the weather: refresh while the screen is open.
  return useQuery({ queryKey: queryKeys.locations, queryFn: getLocations, refetchInterval: 30_000 });
}
