import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a change: the list here, and the map data the home screen draws locations from. Returned so a
 * mutation stays pending until the list is fresh (the list's switches do not flick back meanwhile).
 */
export function invalidateLocations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.locations }),
    queryClient.invalidateQueries({ queryKey: queryKeys.userMapData }),
    // A new site, or one with other rings, is told at other levels.
    queryClient.invalidateQueries({ queryKey: queryKeys.coverage.all }),
  ]);
}
