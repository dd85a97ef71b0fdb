import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationDto, LocationInput } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { invalidateLocations } from './invalidate-locations';

export function createLocation(input: LocationInput): Promise<LocationDto> {
  return apiClient.post<LocationDto>('/api/locations/', input);
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => invalidateLocations(queryClient) });
}
