import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DensityResponse } from '@thunderwatch/shared/schemas/lightning';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DensityQuery {
  /** Whole hours (ISO), so the key stays the same within an hour. */
  from: string;
  to: string;
  resolution: number;
  bbox: string;
}

/** GET /api/hourly_lightning_density: stroke counts per cell (south-west corner) and hour. */
export function getDensity(query: DensityQuery, signal?: AbortSignal): Promise<DensityResponse> {
  return apiClient.get<DensityResponse>('/api/hourly_lightning_density', { ...query }, { signal });
}

export function useDensity(query: DensityQuery | null) {
  return useQuery({
    queryKey: queryKeys.density(query),
    queryFn: ({ signal }) => getDensity(query as DensityQuery, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
