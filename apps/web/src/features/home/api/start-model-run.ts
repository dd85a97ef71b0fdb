import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModelId, ModelRunDto } from '@thunderwatch/shared/schemas/models';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/weather/task: queues a run of the model by hand (admins). */
export function startModelRun(model: ModelId): Promise<ModelRunDto> {
  return apiClient.post<ModelRunDto>('/api/weather/task', { model });
}

export function useStartModelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startModelRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.models.list }),
  });
}
