import { useQuery } from '@tanstack/react-query';
import type { ModelList } from '@thunderwatch/shared/schemas/models';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While a run is queued or running its progress is fetched this often; otherwise the list now and then. */
const ACTIVE_POLL_MS = 2_000;
const IDLE_POLL_MS = 60_000;

/** GET /api/models/: the models with their status, schedule, elements, active and last run. */
export function getModels(signal?: AbortSignal): Promise<ModelList> {
  return apiClient.get<ModelList>('/api/models/', undefined, { signal });
}

export function useModels(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.models.list,
    queryFn: ({ signal }) => getModels(signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((m) => m.active_run) ? ACTIVE_POLL_MS : IDLE_POLL_MS,
  });
}
