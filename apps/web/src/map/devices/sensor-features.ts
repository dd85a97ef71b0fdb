import { DEFAULT_EFM } from '@thunderwatch/domain/warnings/efm-warning';
import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import type { FeatureCollection, Point } from 'geojson';

/** A sensor's state on the map. */
export type SensorState = 'fair' | 'yellow' | 'orange' | 'red' | 'met' | 'stale';
export const SENSOR_STATES: readonly SensorState[] = ['fair', 'yellow', 'orange', 'red', 'met', 'stale'];

/**
 * The colours of the sensor layer: field mills by the band of |E| (the field-mill warning's thresholds,
 * 2 / 3.5 / 5 kV/m), met sensors in one colour, and grey for a sensor with no reading in the last 10 min.
 */
export const SENSOR_COLORS: Record<SensorState, string> = {
  fair: '#22c55e',
  yellow: '#facc15',
  orange: '#f97316',
  red: '#dc2626',
  met: '#38bdf8',
  stale: '#64748b',
};

/** The state of a sensor: stale when not online or never heard from; a mill by its |E|. */
export function sensorState(s: Pick<SensorDto, 'kind' | 'online' | 'latest'>): SensorState {
  if (!s.online || !s.latest) return 'stale';
  if (s.kind !== 'efm') return 'met';
  const field = s.latest.values.field;
  if (field === null || field === undefined) return 'stale';
  const [yellow, orange, red] = DEFAULT_EFM.thresholdsKvm;
  const e = Math.abs(field);
  if (e >= red) return 'red';
  if (e >= orange) return 'orange';
  if (e >= yellow) return 'yellow';
  return 'fair';
}

/** The sensors as dots in their state's colour; a mill at orange or red gets the white ring. */
export function sensorFeatures(
  sensors: readonly SensorDto[],
): FeatureCollection<Point, { id: string; color: string; alert: boolean }> {
  return {
    type: 'FeatureCollection',
    features: sensors.map((s) => {
      const state = sensorState(s);
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
        properties: { id: s.id, color: SENSOR_COLORS[state], alert: state === 'orange' || state === 'red' },
      };
    }),
  };
}

/** The reading a popup shows: a mill's field, a met sensor's every element it reported, with units. */
export const SENSOR_UNITS: Record<string, string> = {
  field: 'kV/m',
  wind_speed: 'm/s',
  wind_dir: '°',
  temperature: '°C',
  humidity: '%',
  pressure: 'hPa',
  rain: 'mm',
};

/** The elements of a reading with a value, in the schema's order, each with its number and unit. */
export function sensorReadingParts(
  values: Record<string, number | null | undefined>,
): { element: string; text: string }[] {
  return Object.keys(SENSOR_UNITS)
    .filter((e) => typeof values[e] === 'number')
    .map((e) => {
      const v = values[e] as number;
      const digits = e === 'field' ? 2 : e === 'wind_dir' || e === 'humidity' ? 0 : 1;
      return { element: e, text: `${v.toFixed(digits)} ${SENSOR_UNITS[e]}` };
    });
}
