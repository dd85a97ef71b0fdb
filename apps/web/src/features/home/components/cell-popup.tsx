import type { CellCollection, CellTracks } from '@thunderwatch/shared/schemas/cells';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-media-query';
import { useMap } from '../../../map/map-context';
import { MapPopup } from '../../../map/map-popup';
import { CellDetails } from './cell-details';

interface CellPopupProps {
  id: string;
  cells: CellCollection | undefined;
  tracks: CellTracks | undefined;
  locations: readonly { name: string; shape: LocationShape }[];
  timeZone: string;
  onClose: () => void;
}

/** The popup is tall (facts, nowcast, chart): the cell selected is brought up to this fraction of the map's
 * height from the top, so the popup fits below it. */
const CELL_Y = 0.2;

/**
 * The popup of the cell selected, at its centroid at the time shown: it follows the cell through a replay,
 * and stays where the cell was last seen (saying so) when the time shown has none. On opening, the map
 * brings a cell lower than CELL_Y up to it, so the popup fits below; a phone is too narrow for MapLibre to
 * place the popup beside the cell, so there the cell also comes to the centre and the popup hangs below it.
 */
export function CellPopup({ id, cells, tracks, locations, timeZone, onClose }: CellPopupProps) {
  const { t } = useTranslation();
  const map = useMap();
  const phone = useIsPhone();
  const cell = cells?.features.find((f) => f.properties.id === id);
  const track = tracks?.items.find((item) => item.id === id);
  const lastSeen = useRef<[number, number] | null>(null);
  if (cell) lastSeen.current = cell.properties.centroid;
  const anchor = cell?.properties.centroid ?? lastSeen.current;
  // Once per cell selected (the popup is keyed by it), not at each step of a replay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (!anchor) return;
    const { clientWidth, clientHeight } = map.getContainer();
    const at = map.project(anchor);
    const dy = Math.max(0, at.y - CELL_Y * clientHeight);
    const dx = phone ? at.x - clientWidth / 2 : 0;
    if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 300 });
  }, []);
  if (!anchor) return null;
  return (
    <MapPopup
      lngLat={anchor}
      onClose={onClose}
      label={t('home.cell.popup', { id })}
      anchor={phone ? 'top' : undefined}
    >
      <CellDetails cell={cell} track={track} locations={locations} timeZone={timeZone} />
    </MapPopup>
  );
}
