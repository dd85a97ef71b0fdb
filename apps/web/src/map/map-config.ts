import { useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@thunderwatch/shared/schemas/map';
import { apiClient } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** GET /api/map_config: the server's `BASEMAP` setting, the same for the whole session. */
export function getMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return apiClient.get<MapConfig>('/api/map_config', undefined, { signal });
}

/** The setting as a query: asked once a session (the shell asks for it with the user, before a map mounts). */
export const mapConfigQuery = {
  queryKey: queryKeys.mapConfig,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getMapConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
};

export function useMapConfig() {
  return useQuery(mapConfigQuery);
}
