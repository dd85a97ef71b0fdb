import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MapViewInput, UserMapData } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Saves where the caller's home map opens (PUT /api/user_map_data). */
export function saveMapView(view: MapViewInput): Promise<UserMapData> {
  return apiClient.request<UserMapData>('/api/user_map_data', { method: 'PUT', json: view });
}

export function useSaveMapView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMapView,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.userMapData, data),
  });
}
