import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistributionInput, DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function addList(input: DistributionInput): Promise<DistributionList> {
  return apiClient.post<DistributionList>('/api/distribute_add', input);
}

export function useAddList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addList,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.distributionLists }),
        // Who sites' alarms reach is what the lists say.
        queryClient.invalidateQueries({ queryKey: queryKeys.coverage.all }),
      ]),
  });
}
