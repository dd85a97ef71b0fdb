import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceList, DeviceListQuery } from '@thunderwatch/shared/schemas/devices';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** Statuses change with heartbeats and the server's minute-scale checks: a refresh every 30 s is enough. */
export const DEVICES_REFRESH_MS = 30_000;

/** GET /api/devices/: my group's devices, filtered by status and kind. */
export function getDevices(filters: DeviceListQuery, signal?: AbortSignal): Promise<DeviceList> {
  return apiClient.get<DeviceList>('/api/devices/', { ...filters }, { signal });
}

/** My group's devices (the device screen, and the home map's device layer while `enabled`). */
export function useDevices(filters: DeviceListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.devices.list(filters),
    queryFn: ({ signal }) => getDevices(filters, signal),
    enabled,
    refetchInterval: enabled ? DEVICES_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}
