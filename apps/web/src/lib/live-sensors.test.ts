import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { describe, expect, it } from 'vitest';
import { mergeSensorReadings } from './live-sensors';

const sensor = (id: string, time: string | null, field: number): SensorDto => ({
  id,
  group_id: 1,
  location_id: null,
  kind: 'efm',
  name: id,
  lat: 23,
  lon: 113,
  status: 'active',
  online: time !== null,
  latest: time === null ? null : { time, values: { field } },
  created_at: '2026-07-01T00:00:00Z',
  updated_at: '2026-07-01T00:00:00Z',
});
const reading = (id: string, time: string, field: number) => ({
  id,
  kind: 'efm' as const,
  time,
  values: { field },
});

describe('mergeSensorReadings', () => {
  it('applies newer readings, keeps newer stored ones, and leaves unknown sensors out', () => {
    const list = {
      items: [
        sensor('a', '2026-07-01T00:00:05Z', 1),
        sensor('b', null, 0),
        sensor('c', '2026-07-01T00:00:09Z', 2),
      ],
    };
    const merged = mergeSensorReadings(list, [
      reading('a', '2026-07-01T00:00:06Z', 4),
      reading('b', '2026-07-01T00:00:06Z', 5),
      reading('c', '2026-07-01T00:00:08Z', 9),
      reading('x', '2026-07-01T00:00:08Z', 9),
    ]);
    expect(merged?.items.map((s) => [s.id, s.latest?.values.field, s.online])).toEqual([
      ['a', 4, true],
      ['b', 5, true],
      ['c', 2, true],
    ]);
  });

  it('returns the same list when nothing changes, and nothing before the list is loaded', () => {
    const list = { items: [sensor('a', '2026-07-01T00:00:05Z', 1)] };
    expect(mergeSensorReadings(list, [reading('a', '2026-07-01T00:00:05Z', 3)])).toBe(list);
    expect(mergeSensorReadings(undefined, [reading('a', '2026-07-01T00:00:05Z', 3)])).toBeUndefined();
  });
});
