import { useQuery } from '@tanstack/react-query';
import type { RegionList } from '@thunderwatch/shared/schemas/regions';
import type {
  StatsClimatology,
  StatsPeakCurrent,
  StatsRegions,
  StatsSeries,
  StatsSummary,
} from '@thunderwatch/shared/schemas/statistics';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The area and period every statistic reads (the API's query, as the screen keeps it). */
export type StatsParams = Record<string, string | number>;

const stats = <T>(path: string, params: StatsParams | null, extra: StatsParams = {}) =>
  useQuery({
    queryKey: queryKeys.statistics(path, { ...params, ...extra }),
    queryFn: ({ signal }) => apiClient.get<T>(`/api/statistics/${path}`, { ...params, ...extra }, { signal }),
    enabled: params !== null,
    staleTime: 60_000,
  });

export const useStatsSummary = (p: StatsParams | null) => stats<StatsSummary>('summary', p);
export const useStatsSeries = (p: StatsParams | null, interval: 'day' | 'month') =>
  stats<StatsSeries>('series', p, { interval });
export const useStatsClimatology = (p: StatsParams | null) => stats<StatsClimatology>('climatology', p);
export const useStatsPeakCurrent = (p: StatsParams | null) => stats<StatsPeakCurrent>('peak_current', p);

/** Choropleth values: per province, or per city of one province. */
export function useStatsRegions(province: string | null, from: string, to: string) {
  const query = province ? { level: 'city', province, from, to } : { level: 'province', from, to };
  return useQuery({
    queryKey: queryKeys.statistics('regions', query),
    queryFn: ({ signal }) => apiClient.get<StatsRegions>('/api/statistics/regions', query, { signal }),
    staleTime: 60_000,
  });
}

/** Provinces (and a province's cities), with their simplified outlines for the map. */
export function useProvinces() {
  return useQuery({
    queryKey: queryKeys.regions('provinces'),
    queryFn: ({ signal }) => apiClient.get<RegionList>('/api/provinces/', { geometry: '1' }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCities(province: string | null) {
  return useQuery({
    queryKey: queryKeys.regions(`cities:${province}`),
    queryFn: ({ signal }) =>
      apiClient.get<RegionList>('/api/cities/', { province: province ?? '', geometry: '1' }, { signal }),
    enabled: province !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

interface Named {
  items: { id: number; name: string }[];
}

/** My group's zones and locations, for the area picker. */
export function useAreaChoices() {
  const zones = useQuery({
    queryKey: queryKeys.statistics('zones', {}),
    queryFn: ({ signal }) => apiClient.get<Named>('/api/zones/', { limit: 100 }, { signal }),
    staleTime: 60_000,
  });
  const locations = useQuery({
    queryKey: queryKeys.statistics('locations', {}),
    queryFn: ({ signal }) => apiClient.get<Named>('/api/locations/', { limit: 100 }, { signal }),
    staleTime: 60_000,
  });
  return { zones: zones.data?.items ?? [], locations: locations.data?.items ?? [] };
}
