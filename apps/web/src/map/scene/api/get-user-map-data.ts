import { useQuery } from '@tanstack/react-query';
import type { UserMapData } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getUserMapData(): Promise<UserMapData> {
  return apiClient.get<UserMapData>('/api/user_map_data');
}

export function useUserMapData() {
  // Levels changed while the map was closed reach it only through this load.
  return useQuery({ queryKey: queryKeys.userMapData, queryFn: getUserMapData, refetchOnMount: 'always' });
}
