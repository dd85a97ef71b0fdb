import { useQuery } from '@tanstack/react-query';
import type { DeviceInfo } from '@thunderwatch/shared/schemas/devices';
import { apiClient } from '../../../lib/api-client';
import { DEVICES_REFRESH_MS } from '../../../lib/devices';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/device_info?id=: a device, its latest heartbeat, status history and 30 days of uptime, the days
 * those of the user's zone.
 */
export function getDeviceInfo(id: string, timeZone: string, signal?: AbortSignal): Promise<DeviceInfo> {
  return apiClient.get<DeviceInfo>('/api/device_info', { id, time_zone: timeZone }, { signal });
}

export function useDeviceInfo(id: string | null, timeZone: string) {
  return useQuery({
    queryKey: [...queryKeys.devices.info(id ?? ''), timeZone],
    queryFn: ({ signal }) => getDeviceInfo(id as string, timeZone, signal),
    enabled: id !== null,
    refetchInterval: DEVICES_REFRESH_MS,
  });
}
