import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/devices/:id: removes a device and its history (group admins). */
export function deleteDevice(id: string): Promise<void> {
  return apiClient.request<void>(`/api/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices.all }),
  });
}
