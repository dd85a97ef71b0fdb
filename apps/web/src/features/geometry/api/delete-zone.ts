import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Refused with 409 `zone.in_use` while a location is made from the zone. */
export function deleteZone(id: number): Promise<void> {
  return apiClient.request<void>(`/api/zones/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.zones }),
  });
}
