import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationDto, LocationInput } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { invalidateLocations } from './invalidate-locations';

export interface UpdateLocationInput {
  id: number;
  input: LocationInput;
}

export function updateLocation({ id, input }: UpdateLocationInput): Promise<LocationDto> {
  return apiClient.request<LocationDto>(`/api/locations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: input,
  });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLocation, onSuccess: () => invalidateLocations(queryClient) });
}
