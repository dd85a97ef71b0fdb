import { useQuery } from '@tanstack/react-query';
import type { UserMapData } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';

/** Socket `warning` events update the levels in this entry (see use-my-locations). */
export const userMapDataQueryKey = ['user_map_data'] as const;

export function getUserMapData(): Promise<UserMapData> {
  return apiClient.get<UserMapData>('/api/user_map_data');
}

export function useUserMapData() {
  // Levels changed while the map was closed reach it only through this load.
  return useQuery({ queryKey: userMapDataQueryKey, queryFn: getUserMapData, refetchOnMount: 'always' });
}
