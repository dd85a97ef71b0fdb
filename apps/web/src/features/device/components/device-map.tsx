import type { Device } from '@thunderwatch/shared/schemas/devices';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import {
  deviceBounds,
  deviceFeatures,
  deviceLabels,
  STATUS_COLOURS,
} from '../../../map/devices/device-features';
import { FitBounds } from '../../../map/fit-bounds';
import { DotsLayer } from '../../../map/lightning/dots-layer';
import { MapView, type MapViewState } from '../../../map/map-view';
import { NameLabelsLayer } from '../../../map/sites/name-labels-layer';

/** China until the devices are known. */
const INITIAL_VIEW: MapViewState = { center: [110, 30], zoom: 3.5 };

interface DeviceMapProps {
  devices: readonly Device[] | undefined;
  onOpen: (id: string) => void;
  /** Its data have arrived (or failed): the map shows once they are drawn. */
  ready: boolean;
}

/** The devices in their status colours (offline ringed) with their names, and the legend; a click opens one. */
export function DeviceMap({ devices, onOpen, ready }: DeviceMapProps) {
  const { t, i18n } = useTranslation();
  const features = useMemo(() => deviceFeatures(devices), [devices]);
  const bounds = useMemo(() => deviceBounds(devices), [devices]);
  const labels = useMemo(() => deviceLabels(devices, i18n.language), [devices, i18n.language]);
  return (
    <>
      <MapView initialView={INITIAL_VIEW} label={t('device.map_label')} ready={ready}>
        <BasemapLayer />
        <FitBounds bounds={bounds} fitKey={bounds ? 'devices' : 'none'} maxZoom={9} />
        <DotsLayer source="devices" data={features} onSelect={(pick) => pick && onOpen(pick.id)} />
        {/* Their names beside them: dots alone said nothing. */}
        <NameLabelsLayer id="device-labels" labels={labels} markerRadius={8} />
      </MapView>
      <ul className="device-legend" aria-label={t('device.legend')}>
        {(['online', 'degraded', 'offline'] as const).map((s) => (
          <li key={s}>
            <span className="device-dot" style={{ background: STATUS_COLOURS[s] }} />
            {t(`device.status.${s}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
