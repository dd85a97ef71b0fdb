import type { UserMapData } from '@thunderwatch/shared/schemas/locations';
import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level } from '@thunderwatch/shared/warnings';

/**
 * The new levels of a `warning` event applied to the map data. Most events only change stroke counts or
 * countdowns, which the map does not draw: then the same object comes back and the map is not touched.
 */
export function applyWarningLevels(
  data: UserMapData | undefined,
  items: readonly WarningItem[],
): UserMapData | undefined {
  if (!data || items.length === 0) return data;
  const levels = new Map<number, Level>(items.map((item) => [item.location_id, item.level]));
  let changed = false;
  const locations = data.locations.map((location) => {
    const level = levels.get(location.id);
    if (level === undefined || level === location.level || !location.enabled) return location;
    changed = true;
    return { ...location, level };
  });
  return changed ? { ...data, locations } : data;
}
