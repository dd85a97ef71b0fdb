import { useQuery } from '@tanstack/react-query';
import type { RegionList } from '@thunderwatch/shared/schemas/regions';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** China's provinces (names in both languages), fetched once: the query builder's and the reports' choices. */
export function useProvinces() {
  return useQuery({
    queryKey: queryKeys.regions.provinces,
    queryFn: ({ signal }) => apiClient.get<RegionList>('/api/provinces/', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The cities of a province (its six-digit code). */
export function useCities(province: string) {
  return useQuery({
    queryKey: queryKeys.regions.cities(province),
    queryFn: ({ signal }) => apiClient.get<RegionList>('/api/cities/', { province }, { signal }),
    enabled: province !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
