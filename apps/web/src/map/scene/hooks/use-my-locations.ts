import { useQueryClient } from '@tanstack/react-query';
import type { LocationDto, UserMapData } from '@thunderwatch/shared/schemas/locations';
import { useEffect, useMemo } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { socketController } from '../../../lib/socket-connection';
import { useUserMapData } from '../api/get-user-map-data';
import { applyWarningLevels } from './location-levels';

const NONE: LocationDto[] = [];

/**
 * My group's enabled locations with their live level: loaded with the map data, levels kept current by
 * `warning` events (also while the layer is hidden, so it is right when shown), reloaded after a reconnect.
 */
export function useMyLocations() {
  const queryClient = useQueryClient();
  const query = useUserMapData();

  useEffect(() => {
    const offWarnings = socketController.subscribeWarnings((items) =>
      queryClient.setQueryData<UserMapData>(queryKeys.userMapData, (data) => applyWarningLevels(data, items)),
    );
    const offReload = socketController.onReload(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.userMapData }),
    );
    return () => {
      offWarnings();
      offReload();
    };
  }, [queryClient]);

  const all = query.data?.locations;
  const locations = useMemo(() => (all ? all.filter((location) => location.enabled) : NONE), [all]);
  return { locations, data: query.data, error: query.error };
}
