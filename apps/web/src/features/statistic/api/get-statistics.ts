import { useQuery } from '@tanstack/react-query';
import type {
  StatsClimatology,
  StatsPeakCurrent,
  StatsRegions,
  StatsSeries,
  StatsStormDirections,
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

/** The storm-direction rose reads at most 92 days: the period's last 92. */
export const ROSE_DAYS = 92;
export function useStatsStormDirections(p: StatsParams | null) {
  let q = p;
  if (p && typeof p.from === 'string' && typeof p.to === 'string') {
    const earliest = new Date(Date.parse(`${p.to}T00:00:00Z`) - (ROSE_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    q = { ...p, from: p.from < earliest ? earliest : p.from };
  }
  return stats<StatsStormDirections>('storm_directions', q);
}

/** Choropleth values: per province, or per city of one province, over the local days of the user's zone. */
export function useStatsRegions(
  province: string | null,
  from: string,
  to: string,
  timeZone: string,
  enabled = true,
) {
  const query = province
    ? { level: 'city', province, from, to, time_zone: timeZone }
    : { level: 'province', from, to, time_zone: timeZone };
  return useQuery({
    queryKey: queryKeys.statistics('regions', query),
    queryFn: ({ signal }) => apiClient.get<StatsRegions>('/api/statistics/regions', query, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
