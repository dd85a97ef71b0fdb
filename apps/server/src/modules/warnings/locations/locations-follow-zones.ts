import { AppError } from '../../../lib/app-error.js';
import type { ZoneFollower } from '../zones/zone-changes.js';
import type { LocationChanges } from './location-changes.js';
import { type LocationsRepo, toRecord } from './locations-repo.js';

/**
 * Locations made from a zone take its new polygon in the zone's transaction (the engine hears of them
 * after the commit), and a zone that locations still use cannot be deleted.
 */
export function locationsFollowZones(
  locations: Pick<LocationsRepo, 'reshapeFromZone' | 'namesUsingZone' | 'releaseZone'>,
  changes: LocationChanges,
): ZoneFollower {
  return async (tx, change) => {
    if (change.type === 'reshape') {
      const reshaped = await locations.reshapeFromZone(change.zoneId, change.geometry, change.at, tx);
      return () => {
        for (const l of reshaped) changes.publish({ type: 'upsert', location: toRecord(l) });
      };
    }
    const users = await locations.namesUsingZone(change.zoneId, tx);
    if (users.length > 0) {
      const names = users.slice(0, 5).join(', ') + (users.length > 5 ? ', …' : '');
      throw new AppError('zone.in_use', 409, `The zone is used by ${users.length} location(s): ${names}`);
    }
    await locations.releaseZone(change.zoneId, tx);
    return undefined;
  };
}
