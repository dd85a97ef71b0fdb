import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistributionInput, DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateListInput {
  id: number;
  input: DistributionInput;
}

export function updateList({ id, input }: UpdateListInput): Promise<DistributionList> {
  return apiClient.post<DistributionList>('/api/distribute_update', { id, ...input });
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.distributionLists }),
        // Who sites' alarms reach is what the lists say.
        queryClient.invalidateQueries({ queryKey: queryKeys.coverage.all }),
      ]),
  });
}
