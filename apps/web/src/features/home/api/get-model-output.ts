import { useQuery } from '@tanstack/react-query';
import type { ModelOutput } from '@thunderwatch/shared/schemas/models';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/weather/task/:id/output: a finished run's contours (GeoJSON), frames and facts. */
export function getModelOutput(runId: number, signal?: AbortSignal): Promise<ModelOutput> {
  return apiClient.get<ModelOutput>(`/api/weather/task/${runId}/output`, undefined, { signal });
}

/** A run's output never changes: fetched once per run. */
export function useModelOutput(runId: number | null) {
  return useQuery({
    queryKey: queryKeys.models.output(runId),
    queryFn: ({ signal }) => getModelOutput(runId as number, signal),
    enabled: runId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
