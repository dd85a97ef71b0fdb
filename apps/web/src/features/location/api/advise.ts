import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdviseApplyInput, AdviseInput, AdviseJob } from '@thunderwatch/shared/schemas/advise';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateLocations } from './invalidate-locations';

/** A queued or running advice is asked about every second until it has ended (done, failed or cancelled). */
export const ADVISE_POLL_MS = 1000;

const waiting = (job: AdviseJob | undefined) => job?.status === 'queued' || job?.status === 'running';

/** POST /api/warning/advise: the job, queued (202). */
export function useStartAdvice() {
  return useMutation({
    mutationFn: (input: AdviseInput) => apiClient.post<AdviseJob>('/api/warning/advise', input),
  });
}

/** The job polled until it has ended (its first answer is the one the start gave). */
export function useAdviseJob(job: AdviseJob | null) {
  return useQuery({
    queryKey: queryKeys.adviseJob(job?.id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<AdviseJob>(`/api/warning/advise/${encodeURIComponent(job?.id ?? '')}`, undefined, {
        signal,
      }),
    enabled: job !== null && waiting(job),
    initialData: job ?? undefined,
    refetchInterval: (q) => (waiting(q.state.data) ? ADVISE_POLL_MS : false),
  });
}

/**
 * Cancels a queued or running job: its answer (cancelled) becomes the job shown, so its polling stops. One
 * that ended meanwhile (409) is read again, to show how it ended.
 */
export function useCancelAdvice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post<AdviseJob>(`/api/warning/advise/${encodeURIComponent(id)}/cancel`),
    onSuccess: (job) => queryClient.setQueryData(queryKeys.adviseJob(job.id), job),
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: queryKeys.adviseJob(id) }),
  });
}

/** The advice as a file: the group's table, or the one site's sets, in the reader's language and zone. */
export function exportAdvice(
  id: string,
  query: { format: 'csv' | 'xlsx'; lang: string; time_zone: string },
): Promise<Blob> {
  return apiClient.get<Blob>(`/api/warning/advise/${encodeURIComponent(id)}/export`, query, {
    responseType: 'blob',
  });
}

/** Gives a location a set's rules; the location list (and the maps) reload. */
export function useApplyAdvice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, ...input }: AdviseApplyInput & { jobId: string }) =>
      apiClient.post<LocationDto>(`/api/warning/advise/${encodeURIComponent(jobId)}/apply`, input),
    onSuccess: () => invalidateLocations(queryClient),
  });
}
