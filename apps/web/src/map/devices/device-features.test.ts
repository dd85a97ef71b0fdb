import type { Device } from '@thunderwatch/shared/schemas/devices';
import { describe, expect, it } from 'vitest';
import { deviceBounds, deviceFeatures, deviceLabels, STATUS_COLOURS } from './device-features';

const device = (id: string, status: Device['status'], lon: number, lat: number): Device => ({
  id,
  group_id: 1,
  name: id,
  name_en: null,
  kind: 'station',
  model: '',
  serial: '',
  lat,
  lon,
  installed_at: null,
  firmware: '',
  status,
  status_reasons: [],
  status_since: '2026-07-01T00:00:00Z',
  last_heartbeat_at: null,
  created_at: '2026-07-01T00:00:00Z',
});

describe('device map features', () => {
  it.each([
    ['online', STATUS_COLOURS.online, false],
    ['degraded', STATUS_COLOURS.degraded, false],
    ['offline', STATUS_COLOURS.offline, true],
  ] as const)('colours a %s device and rings only offline ones', (status, color, alert) => {
    const f = deviceFeatures([device('A', status, 113.3, 23.1)]).features[0];
    expect(f?.geometry.coordinates).toEqual([113.3, 23.1]);
    expect(f?.properties).toEqual({ id: 'A', color, alert });
  });

  it('bounds the devices, none without any', () => {
    expect(deviceBounds([])).toBeNull();
    expect(deviceBounds([device('A', 'online', 113, 23), device('B', 'offline', 114, 22)])).toEqual([
      [113, 22],
      [114, 23],
    ]);
  });
});

describe('device names on the map', () => {
  it('names each device beside its dot in its status colour, offline ones placed first', () => {
    const labels = deviceLabels([device('A', 'online', 113, 23), device('B', 'offline', 114, 22)], 'en');
    expect(labels).toEqual([
      { id: 'A', at: [113, 23], name: 'A', colour: STATUS_COLOURS.online, priority: 0 },
      { id: 'B', at: [114, 22], name: 'B', colour: STATUS_COLOURS.offline, priority: 2 },
    ]);
    expect(deviceLabels(undefined, 'en')).toEqual([]);
  });

  it("names a device in the reader's language", () => {
    const conghua = { ...device('sim-station-1', 'online', 113.6, 23.5), name: '从化', name_en: 'Conghua' };
    expect(deviceLabels([conghua], 'en')[0]?.name).toBe('Conghua');
    expect(deviceLabels([conghua], 'zh-Hans')[0]?.name).toBe('从化');
  });
});
