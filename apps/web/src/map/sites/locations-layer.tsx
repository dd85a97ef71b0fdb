import { nameIn } from '@thunderwatch/shared/names';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { labelAnchor } from './location-labels';
import { LocationRingsLayer } from './location-rings-layer';
import { NameLabelsLayer } from './name-labels-layer';

/** The location marker's radius on screen (location-rings-layer.ts draws it 5 px, 7 selected). */
const MARKER_RADIUS = 7;

/** Location names alone, in the reader's language, beside their markers in their level's colour (higher levels placed first). */
export function LocationLabelsLayer({ locations }: { locations: readonly LocationDto[] }) {
  const { i18n } = useTranslation();
  const labels = useMemo(
    () =>
      locations.map((l) => ({
        id: l.id,
        at: labelAnchor(l.shape),
        name: nameIn(i18n.language, l),
        colour: LEVEL_COLOURS[l.level],
        priority: l.level,
      })),
    [locations, i18n.language],
  );
  return <NameLabelsLayer id="location-labels" labels={labels} markerRadius={MARKER_RADIUS} />;
}

/**
 * My locations on the home map: rings as geodesic outlines in their ring-level colours, the location
 * filled in its current level's colour, and its name. The sources are set again only when `locations`
 * changes, which the caller keeps to real changes (a level, not every stroke count).
 */
export function LocationsLayer({ locations }: { locations: readonly LocationDto[] }) {
  return (
    <>
      <LocationRingsLayer locations={locations} id="home-locations" />
      <LocationLabelsLayer locations={locations} />
    </>
  );
}
