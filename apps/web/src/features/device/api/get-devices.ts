import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceList, DeviceListQuery } from '@thunderwatch/shared/schemas/devices';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Statuses change with heartbeats and the server's minute-scale checks: a refresh every 30 s is enough. */
export const DEVICES_REFRESH_MS = 30_000;

/** GET /api/devices/: my group's devices, filtered by status and kind. */
export function getDevices(filters: DeviceListQuery, signal?: AbortSignal): Promise<DeviceList> {
  return apiClient.get<DeviceList>('/api/devices/', { ...filters }, { signal });
}

export function useDevices(filters: DeviceListQuery) {
  return useQuery({
    queryKey: queryKeys.devices.list(filters),
    queryFn: ({ signal }) => getDevices(filters, signal),
    refetchInterval: DEVICES_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
