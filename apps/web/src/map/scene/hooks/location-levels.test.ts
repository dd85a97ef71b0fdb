import type { LocationDto, UserMapData } from '@thunderwatch/shared/schemas/locations';
import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { describe, expect, it } from 'vitest';
import { applyWarningLevels } from './location-levels';

const location = (id: number, level: LocationDto['level'], enabled = true): LocationDto => ({
  id,
  group_id: 1,
  name: `site ${id}`,
  name_en: null,
  shape: { type: 'Point', coordinates: [113.3, 23.1] },
  zone_id: null,
  time_zone: 'Asia/Shanghai',
  wave_alert_cm: null,
  is_airport: false,
  airport_icao: null,
  enabled,
  rings: [],
  level,
  created_at: '2025-06-15T08:00:00Z',
  updated_at: '2025-06-15T08:00:00Z',
  predict: { enabled: false, range_km: 40, level: 1 },
});

const warning = (id: number, level: WarningItem['level']): WarningItem => ({
  location_id: id,
  name: `site ${id}`,
  name_en: null,
  level,
  since: null,
  nearest_km: 5,
  bearing_deg: 10,
  counts: [],
  all_clear_at: null,
  approach: null,
  alert_id: null,
  unconfirmed_alarms: 0,
  predicted: false,
});

const data: UserMapData = {
  center: [113, 23],
  zoom: 7,
  layers: [],
  saved: false,
  locations: [location(1, 0), location(2, 1), location(3, 0, false)],
};

describe('applyWarningLevels', () => {
  it('recolours a location whose level changed and keeps the others as they were', () => {
    const next = applyWarningLevels(data, [warning(1, 3)]);
    expect(next?.locations.map((l) => l.level)).toEqual([3, 1, 0]);
    expect(next?.locations[1]).toBe(data.locations[1]);
  });

  it('leaves the map untouched when only counts or countdowns changed', () => {
    expect(applyWarningLevels(data, [warning(1, 0), warning(2, 1)])).toBe(data);
  });

  it('ignores unknown and disabled locations, and events before the first load', () => {
    expect(applyWarningLevels(data, [warning(42, 3), warning(3, 2)])).toBe(data);
    expect(applyWarningLevels(undefined, [warning(1, 3)])).toBeUndefined();
  });
});
