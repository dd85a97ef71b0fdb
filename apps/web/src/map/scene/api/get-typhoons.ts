import { useQueries, useQuery } from '@tanstack/react-query';
import type { TyphoonDetail, TyphoonList } from '@thunderwatch/shared/schemas/typhoon';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Best tracks come every few hours; asking every ten minutes keeps the map current without load. */
export const TYPHOONS_REFRESH_MS = 10 * 60_000;

/** GET /api/weather/typhoon/?active=1: the storms still going. */
export function getActiveTyphoons(signal?: AbortSignal): Promise<TyphoonList> {
  return apiClient.get<TyphoonList>('/api/weather/typhoon/', { active: '1' }, { signal });
}

/** GET /api/weather/typhoon/:id: one storm's track, forecast and cone. */
export function getTyphoon(id: string, signal?: AbortSignal): Promise<TyphoonDetail> {
  return apiClient.get<TyphoonDetail>(`/api/weather/typhoon/${encodeURIComponent(id)}`, {}, { signal });
}

/** The active storms' details, asked once the layer is on; each storm refreshes with the list. */
export function useActiveTyphoons(enabled: boolean) {
  const list = useQuery({
    queryKey: queryKeys.typhoons,
    queryFn: ({ signal }) => getActiveTyphoons(signal),
    enabled,
    refetchInterval: enabled ? TYPHOONS_REFRESH_MS : false,
  });
  const ids = enabled ? (list.data?.items.map((s) => s.id) ?? []) : [];
  const details = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.typhoon(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getTyphoon(id, signal),
      refetchInterval: TYPHOONS_REFRESH_MS,
    })),
    // Combined results keep their identity while no storm changed, so the map is not redrawn each render.
    combine: (results) => ({
      storms: results.flatMap((d) => (d.data ? [d.data] : [])),
      error: results.find((d) => d.error)?.error ?? null,
      loading: results.some((d) => d.isFetching),
    }),
  });
  return {
    storms: details.storms,
    error: list.error ?? details.error,
    loading: list.isFetching || details.loading,
  };
}
