import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZoneDto, ZoneInput } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createZone(input: ZoneInput): Promise<ZoneDto> {
  return apiClient.post<ZoneDto>('/api/zones/', input);
}

export function useCreateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.zones }),
  });
}
