import type { CellCollection, CellTracks } from '@thunderwatch/shared/schemas/cells';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * The popup of the cell selected, at its centroid at the time shown: it follows the cell through a replay,
 * and stays where the cell was last seen (saying so) when the time shown has none.
 */
export function CellPopup({ id, cells, tracks, locations, timeZone, onClose }: CellPopupProps) {
  const { t } = useTranslation();
  const cell = cells?.features.find((f) => f.properties.id === id);
  const track = tracks?.items.find((item) => item.id === id);
  const lastSeen = useRef<[number, number] | null>(null);
  if (cell) lastSeen.current = cell.properties.centroid;
  const anchor = cell?.properties.centroid ?? lastSeen.current;
  if (!anchor) return null;
  return (
    <MapPopup lngLat={anchor} onClose={onClose} label={t('home.cell.popup', { id })}>
      <CellDetails cell={cell} track={track} locations={locations} timeZone={timeZone} />
    </MapPopup>
  );
}
