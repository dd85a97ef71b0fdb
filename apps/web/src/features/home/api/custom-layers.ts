import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomLayer, CustomLayerInput } from '@thunderwatch/shared/schemas/layers';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Adds a custom layer to my group (POST /api/layers/, `layer.manage`); the catalogue reloads. */
export function useAddCustomLayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomLayerInput) => apiClient.post<CustomLayer>('/api/layers/', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.layers }),
  });
}

export function useDeleteCustomLayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.request(`/api/layers/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.layers }),
  });
}
