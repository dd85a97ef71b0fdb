import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZoneDto, ZoneInput } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateZoneInput {
  id: number;
  input: ZoneInput;
}

export function updateZone({ id, input }: UpdateZoneInput): Promise<ZoneDto> {
  return apiClient.request<ZoneDto>(`/api/zones/${encodeURIComponent(id)}`, { method: 'PUT', json: input });
}

export function useUpdateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateZone,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.zones });
      // Locations made from the zone follow its new shape.
      void queryClient.invalidateQueries({ queryKey: queryKeys.locations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userMapData });
    },
  });
}
