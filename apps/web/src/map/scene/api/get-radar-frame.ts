import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { RadarFrame } from '@thunderwatch/shared/schemas/radar';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/radar: one frame's metadata (image bounds, legend, units). */
export function getRadarFrame(product: string, time: string, signal?: AbortSignal): Promise<RadarFrame> {
  return apiClient.get<RadarFrame>('/api/radar', { product, time }, { signal });
}

const options = (product: string, time: string) => ({
  queryKey: queryKeys.radarFrame(product, time),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getRadarFrame(product, time, signal),
  // A frame's metadata does not change once stored.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useRadarFrame(frame: { product: string; time: string } | null) {
  // The frame before stays on the map while the next one's metadata loads.
  return useQuery({
    ...options(frame?.product ?? '', frame?.time ?? ''),
    enabled: frame !== null,
    placeholderData: keepPreviousData,
  });
}

/** Loads a frame's metadata ahead of the replay reaching it. */
export function prefetchRadarFrame(client: QueryClient, product: string, time: string): Promise<RadarFrame> {
  return client.fetchQuery(options(product, time));
}
