import { useQuery } from '@tanstack/react-query';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API's largest page: all of a group's locations. */
const LIST_LIMIT = 1000;

/**
 * My group's locations, to name them in a list and to choose them in the form. The location screen's key and
 * answer shape, so both share one cache and its invalidations.
 */
export function getLocationChoices(): Promise<{ items: LocationDto[]; total: number }> {
  return apiClient.get<{ items: LocationDto[]; total: number }>('/api/locations/', { limit: LIST_LIMIT });
}

export function useLocationChoices() {
  return useQuery({ queryKey: queryKeys.locations, queryFn: getLocationChoices });
}
