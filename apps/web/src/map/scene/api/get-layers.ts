import { useQuery } from '@tanstack/react-query';
import type { LayerCatalogue } from '@thunderwatch/shared/schemas/layers';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/layers/: the layers the caller may see and their group's custom layers. */
export function useLayerCatalogue() {
  return useQuery({
    queryKey: queryKeys.layers,
    queryFn: ({ signal }) => apiClient.get<LayerCatalogue>('/api/layers/', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
