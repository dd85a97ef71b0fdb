import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  QueryExportQuery,
  QueryJob,
  SavedQuery,
  SavedQueryInput,
  SavedQueryList,
  StrokeQuerySpec,
} from '@thunderwatch/shared/schemas/stroke-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A queued query is looked at every second until it is done. */
export const JOB_POLL_MS = 1000;

/** POST /api/statistics_query/run: the finished job (small queries) or a queued one to poll. */
export function useRunQuery() {
  return useMutation({
    mutationFn: (spec: StrokeQuerySpec) => apiClient.post<QueryJob>('/api/statistics_query/run', spec),
  });
}

/** A job polled until it is done or failed. */
export function useQueryJob(job: QueryJob | null) {
  const waiting = job !== null && (job.status === 'queued' || job.status === 'running');
  return useQuery({
    queryKey: queryKeys.statisticsQuery.job(job?.id ?? 0),
    queryFn: ({ signal }) =>
      apiClient.get<QueryJob>(`/api/statistics_query/jobs/${job?.id}`, undefined, { signal }),
    enabled: waiting,
    initialData: job ?? undefined,
    refetchInterval: (q) =>
      q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? JOB_POLL_MS : false,
  });
}

export function exportQuery(id: number, query: QueryExportQuery): Promise<Blob> {
  return apiClient.get<Blob>(
    `/api/statistics_query/jobs/${id}/export`,
    { ...query },
    { responseType: 'blob' },
  );
}

export function useSavedQueries() {
  return useQuery({
    queryKey: queryKeys.statisticsQuery.saved,
    queryFn: ({ signal }) =>
      apiClient.get<SavedQueryList>('/api/statistics_query/saved', undefined, { signal }),
  });
}

export function useSaveQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedQueryInput) => apiClient.post<SavedQuery>('/api/statistics_query/saved', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.statisticsQuery.saved }),
  });
}

export function useDeleteSavedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<void>(`/api/statistics_query/saved/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.statisticsQuery.saved }),
  });
}
