import { useQuery } from '@tanstack/react-query';
import type { FlashDto } from '@thunderwatch/shared/schemas/lightning';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One flash with its strokes in time order: GET /api/lightning_process/?id=. */
export function getFlash(id: number, signal?: AbortSignal): Promise<FlashDto> {
  return apiClient.get<FlashDto>('/api/lightning_process/', { id }, { signal });
}

export function useFlash(id: number | null) {
  return useQuery({
    queryKey: queryKeys.flash(id),
    queryFn: ({ signal }) => getFlash(id as number, signal),
    enabled: id !== null,
    // A flash can still grow for a second after its first stroke; after that it is final.
    staleTime: 60_000,
  });
}
