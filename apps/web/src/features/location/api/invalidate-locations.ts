import type { QueryClient } from '@tanstack/react-query';
import { locationsQueryKey } from './get-locations';

/** After a change: the list here, and the map data the home screen draws locations from. */
export function invalidateLocations(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: locationsQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['user_map_data'] });
}
