import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateLocations } from './invalidate-locations';

export function deleteLocation(id: number): Promise<void> {
  return apiClient.request<void>(`/api/locations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLocation, onSuccess: () => invalidateLocations(queryClient) });
}
