import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteList(id: number): Promise<{ status: 'ok' }> {
  return apiClient.post<{ status: 'ok' }>('/api/distribute_delete', { id });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.distributionLists }),
        // Who sites' alarms reach is what the lists say.
        queryClient.invalidateQueries({ queryKey: queryKeys.coverage.all }),
      ]),
  });
}
