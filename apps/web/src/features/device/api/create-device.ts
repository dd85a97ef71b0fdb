import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Device, DeviceCreate } from '@thunderwatch/shared/schemas/devices';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/devices/: registers a device in my group (group admins). */
export function createDevice(input: DeviceCreate): Promise<Device> {
  return apiClient.post<Device>('/api/devices/', input);
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices.all }),
  });
}
