import type { TyphoonAlarm } from '@thunderwatch/shared/schemas/typhoon';
import type { WaveAlarm } from '@thunderwatch/shared/schemas/wave-alarms';
import type { WeatherWarningAlarm } from '@thunderwatch/shared/schemas/weather-warning';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { siteAlertsByLocation } from './site-alerts';

/** Keys with their values, so the test reads what would be translated. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;

const typhoon = (id: number, locationId: number, level: 2 | 3, zh: string | null) =>
  ({
    id,
    storm: { id: 'wp222026', name_en: 'DEMO', name_zh: zh },
    location_id: locationId,
    level,
    inside_gale: level === 3,
    distance_km: 120.4,
  }) as TyphoonAlarm;
const wave = (id: number, locationId: number, level: 2 | 3) =>
  ({
    id,
    station: { id: 'B1', name: 'Buoy 1', lat: 0, lon: 0 },
    location_id: locationId,
    level,
    distance_km: 12.2,
    threshold_m: 4,
    height_m: 4.56,
  }) as WaveAlarm;
const warning = (warningId: number, locationId: number, level: WeatherWarningAlarm['level']) =>
  ({ warningId, locationId, level, kind: 'gale', event: '大风', headline: null }) as WeatherWarningAlarm;

describe('the board’s weather alerts', () => {
  it('gathers each location’s warnings, typhoon and wave alarms, most severe first', () => {
    const byLocation = siteAlertsByLocation(
      t,
      {
        warnings: [warning(7, 1, 'yellow'), warning(8, 2, 'blue')],
        typhoons: [typhoon(3, 1, 3, '演示')],
        waves: [wave(5, 1, 2)],
      },
      'en',
    );
    expect(byLocation.get(1)?.map((a) => [a.key, a.tone, a.icon])).toEqual([
      ['typhoon:3', 'red', 'typhoon'],
      ['wave:5', 'orange', 'wave'],
      ['warning:7', 'yellow', 'gale'],
    ]);
    expect(byLocation.get(2)?.map((a) => a.key)).toEqual(['warning:8']);
    const [storm, sea] = byLocation.get(1) ?? [];
    expect(storm?.label).toBe('realtimealert.site_alert.typhoon{"name":"DEMO"}');
    expect(storm?.title).toBe('realtimealert.site_alert.typhoon_inside{"km":120}');
    expect(sea?.label).toBe('realtimealert.site_alert.wave{"height":"4.6"}');
  });

  it.each([
    ['zh-Hans', '演示', '演示'],
    ['zh-Hans', null, 'DEMO'],
    ['en', '演示', 'DEMO'],
  ])('names the storm in %s (Chinese name %s) as %s', (language, zh, name) => {
    const [alert] =
      siteAlertsByLocation(t, { warnings: [], typhoons: [typhoon(1, 9, 2, zh)], waves: [] }, language).get(
        9,
      ) ?? [];
    expect(alert?.label).toBe(`realtimealert.site_alert.typhoon{"name":"${name}"}`);
    expect(alert?.tone).toBe('orange');
  });
});
