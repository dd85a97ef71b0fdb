import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MapViewInput, UserMapData } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Saves where the caller's home map opens (PUT /api/user_map_data). Only the parts the API keeps are sent:
 * the map's own view also carries its bearing, which the address and scenes keep instead.
 */
export function saveMapView(view: MapViewInput & { keepalive?: boolean }): Promise<UserMapData> {
  const { center, zoom, layers, layer_state, keepalive } = view;
  return apiClient.request<UserMapData>('/api/user_map_data', {
    method: 'PUT',
    json: { center, zoom, layers, layer_state },
    keepalive,
  });
}

export function useSaveMapView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMapView,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.userMapData, data),
  });
}
