import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationDto, LocationInput } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { invalidateLocations } from './invalidate-locations';

/** POST /api/locations/, in my group or (admins) the group named. */
export function createLocation({
  input,
  groupId,
}: {
  input: LocationInput;
  groupId: number | null;
}): Promise<LocationDto> {
  return apiClient.post<LocationDto>('/api/locations/', input, {
    query: groupId === null ? undefined : { group_id: groupId },
  });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => invalidateLocations(queryClient) });
}
