import type { WaveData } from '@thunderwatch/shared/schemas/weather';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import { FitBounds } from '../../../map/fit-bounds';
import { DotsLayer } from '../../../map/lightning/dots-layer';
import { MapView, type MapViewState } from '../../../map/map-view';
import { waveStationFeatures } from '../../../map/weather/wave-features';
import { WavePopup } from '../../../map/weather/wave-popup';
import { WaveLegend } from './wave-legend';

/** China's coasts until the stations are known. */
const INITIAL_VIEW: MapViewState = { center: [120, 28], zoom: 3.5 };

interface WaveMapProps {
  data: WaveData | undefined;
  /** The station whose popup is open, and where. */
  open: { id: string; lngLat: [number, number] } | null;
  onOpen: (pick: { id: string; lngLat: [number, number] } | null) => void;
  timeZone: string;
  /** The stations have arrived (or failed): the map shows once they are drawn. */
  ready: boolean;
}

/** The stations in their sea-state colours, the legend, and the popup of the one clicked. */
export function WaveMap({ data, open, onOpen, timeZone, ready }: WaveMapProps) {
  const { t } = useTranslation();
  const features = useMemo(() => waveStationFeatures(data), [data]);
  const bounds = useMemo(() => {
    const points = features.features.map((f) => f.geometry.coordinates as [number, number]);
    if (points.length === 0) return null;
    const lons = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    return [
      [Math.min(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.max(...lats)],
    ] as [[number, number], [number, number]];
  }, [features]);
  const station = open ? data?.stations.find((s) => s.station.id === open.id) : undefined;
  const reading = station?.readings.at(-1);
  return (
    <>
      <MapView initialView={INITIAL_VIEW} label={t('wave.map_label')} ready={ready}>
        <BasemapLayer />
        <FitBounds bounds={bounds} fitKey={bounds ? 'stations' : 'none'} maxZoom={7} />
        <DotsLayer source="wave-stations" data={features} onSelect={onOpen} />
        {open && station && reading && (
          <WavePopup
            key={open.id}
            station={station.station}
            reading={reading}
            lngLat={open.lngLat}
            timeZone={timeZone}
            onClose={() => onOpen(null)}
          />
        )}
      </MapView>
      <WaveLegend />
    </>
  );
}
