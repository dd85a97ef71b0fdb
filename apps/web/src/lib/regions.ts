import { useQuery } from '@tanstack/react-query';
import type { RegionList } from '@thunderwatch/shared/schemas/regions';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/**
 * China's provinces (names in both languages), fetched once: the choices of the statistics, the query builder
 * and the reports; with `geometry`, their simplified outlines too (the statistics' choropleth).
 */
export function useProvinces({
  geometry = false,
  enabled = true,
}: {
  geometry?: boolean;
  enabled?: boolean;
} = {}) {
  return useQuery({
    queryKey: queryKeys.regions.provinces(geometry),
    queryFn: ({ signal }) =>
      apiClient.get<RegionList>('/api/provinces/', geometry ? { geometry: '1' } : undefined, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The cities of a province (its code); nothing while no province is chosen. */
export function useCities(province: string | null, { geometry = false }: { geometry?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.regions.cities(province ?? '', geometry),
    queryFn: ({ signal }) =>
      apiClient.get<RegionList>(
        '/api/cities/',
        { province: province ?? '', ...(geometry ? { geometry: '1' } : {}) },
        { signal },
      ),
    enabled: Boolean(province),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every city with its simplified outline (the home map's region layer, once zoomed in); nothing until `enabled`. */
export function useAllCities(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.regions.cities('', true),
    queryFn: ({ signal }) => apiClient.get<RegionList>('/api/cities/', { geometry: '1' }, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
