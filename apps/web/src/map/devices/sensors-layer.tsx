import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { useMemo } from 'react';
import { DotsLayer } from '../lightning/dots-layer';
import { sensorFeatures } from './sensor-features';

export const SENSOR_DOT_LAYER = 'sensors-dot';

interface SensorsLayerProps {
  sensors: readonly SensorDto[];
  onSelect: (pick: { id: string; lngLat: [number, number] } | null) => void;
}

/** Field mills and met sensors as dots in their state's colour (field band, or stale), taking the click. */
export function SensorsLayer({ sensors, onSelect }: SensorsLayerProps) {
  const data = useMemo(() => sensorFeatures(sensors), [sensors]);
  return <DotsLayer source="sensors" data={data} onSelect={onSelect} />;
}
