import { useQueries, useQuery } from '@tanstack/react-query';
import type { TyphoonDetail, TyphoonList } from '@thunderwatch/shared/schemas/typhoon';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { DECISION_REFRESH_MS } from './refresh';

/** GET /api/weather/typhoon/?active=1 and each storm's track (the keys the home map's layer uses too). */
export function useActiveStorms() {
  const list = useQuery({
    queryKey: queryKeys.typhoons,
    queryFn: ({ signal }) => apiClient.get<TyphoonList>('/api/weather/typhoon/', { active: '1' }, { signal }),
    refetchInterval: DECISION_REFRESH_MS,
  });
  const ids = list.data?.items.map((s) => s.id) ?? [];
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.typhoon(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiClient.get<TyphoonDetail>(`/api/weather/typhoon/${encodeURIComponent(id)}`, {}, { signal }),
      refetchInterval: DECISION_REFRESH_MS,
    })),
    combine: (results) => ({
      storms: results.flatMap((d) => (d.data ? [d.data] : [])),
      error: list.error ?? results.find((d) => d.error)?.error ?? null,
      /** The list or a storm's track is still on its way. */
      isPending: list.isPending || results.some((d) => d.isPending),
    }),
  });
}
