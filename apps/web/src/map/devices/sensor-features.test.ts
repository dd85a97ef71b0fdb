import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { describe, expect, it } from 'vitest';
import { SENSOR_COLORS, sensorFeatures, sensorReadingParts, sensorState } from './sensor-features';

const sensor = (
  kind: SensorDto['kind'],
  online: boolean,
  values: Record<string, number | null> | null,
): SensorDto => ({
  id: 'efm-1',
  group_id: 1,
  location_id: null,
  kind,
  name: 'Mill',
  lat: 22.5,
  lon: 113.9,
  status: 'active',
  online,
  latest: values ? { time: '2026-07-01T08:00:00Z', values } : null,
  created_at: '2026-07-01T00:00:00Z',
  updated_at: '2026-07-01T00:00:00Z',
});

describe('sensorState', () => {
  it.each([
    ['efm', true, { field: 0.1 }, 'fair'],
    ['efm', true, { field: -1.99 }, 'fair'],
    ['efm', true, { field: 2 }, 'yellow'],
    ['efm', true, { field: -3.5 }, 'orange'],
    ['efm', true, { field: 4.99 }, 'orange'],
    ['efm', true, { field: -5 }, 'red'],
    ['efm', true, { field: null }, 'stale'],
    ['efm', false, { field: 6 }, 'stale'],
    ['efm', true, null, 'stale'],
    ['met', true, { temperature: 30 }, 'met'],
    ['met', false, { temperature: 30 }, 'stale'],
  ] as const)('%s online=%s %j → %s', (kind, online, values, state) => {
    expect(sensorState(sensor(kind, online, values))).toBe(state);
  });
});

describe('sensorFeatures', () => {
  it('places each sensor in its state’s colour, ringing mills at orange and red', () => {
    const data = sensorFeatures([
      sensor('efm', true, { field: 4 }),
      { ...sensor('efm', true, { field: 1 }), id: 'efm-2', lon: 114, lat: 23 },
    ]);
    expect(data.features.map((f) => [f.properties, f.geometry.coordinates])).toEqual([
      [{ id: 'efm-1', color: SENSOR_COLORS.orange, alert: true }, [113.9, 22.5]],
      [{ id: 'efm-2', color: SENSOR_COLORS.fair, alert: false }, [114, 23]],
    ]);
  });
});

describe('sensorReadingParts', () => {
  it('gives each reported element with its unit, in the schema’s order', () => {
    expect(sensorReadingParts({ humidity: 81.4, temperature: 28.26, wind_dir: 95.4, rain: null })).toEqual([
      { element: 'wind_dir', text: '95 °' },
      { element: 'temperature', text: '28.3 °C' },
      { element: 'humidity', text: '81 %' },
    ]);
    expect(sensorReadingParts({ field: -3.456 })).toEqual([{ element: 'field', text: '-3.46 kV/m' }]);
  });
});
