import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { siteAlertsByLocation } from './site-alerts';

/** Keys with their values, so the test reads what would be translated. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;

const alarm = (a: Pick<AlarmDto, 'id' | 'kind' | 'location_id' | 'level' | 'facts' | 'about'>) =>
  ({ ...a, cleared_at: null, confirmed_at: null }) as AlarmDto;
const typhoon = (
  id: number,
  locationId: number,
  level: 2 | 3,
  zh: string | null,
  name: string | null = 'DEMO',
) =>
  alarm({
    id,
    kind: 'typhoon',
    location_id: locationId,
    level,
    facts: { storm_id: 22, inside_gale: level === 3, distance_km: 120.4, grade: 'TY' },
    about: name === null ? null : { name, name_zh: zh, warning: null },
  });
const wave = (id: number, locationId: number, level: 2 | 3) =>
  alarm({
    id,
    kind: 'wave',
    location_id: locationId,
    level,
    facts: { station_id: 'B1', distance_km: 12.2, threshold_m: 4, height_m: 4.56, max_height_m: 4.56 },
    about: { name: 'Buoy 1', name_zh: null, warning: null },
  });
const warning = (id: number, locationId: number, colour: 'blue' | 'yellow' | null) =>
  alarm({
    id,
    kind: 'weather_warning',
    location_id: locationId,
    level: 1,
    facts: { warning_id: 70 + id },
    about:
      colour === null
        ? null
        : {
            name: '大风',
            name_zh: null,
            warning: { kind: 'gale', colour, event: '大风', headline: null, expires: null },
          },
  });

describe('the board’s weather alerts', () => {
  it('gathers each location’s warnings, typhoon and wave alarms, most severe first', () => {
    const byLocation = siteAlertsByLocation(
      t,
      [warning(7, 1, 'yellow'), warning(8, 2, 'blue'), typhoon(3, 1, 3, '演示'), wave(5, 1, 2)],
      'en',
    );
    expect(byLocation.get(1)?.map((a) => [a.key, a.tone, a.icon])).toEqual([
      ['typhoon:3', 'red', 'typhoon'],
      ['wave:5', 'orange', 'wave'],
      ['weather_warning:7', 'yellow', 'gale'],
    ]);
    expect(byLocation.get(2)?.map((a) => a.key)).toEqual(['weather_warning:8']);
    const [storm, sea, gale] = byLocation.get(1) ?? [];
    expect(storm?.label).toBe('realtimealert.site_alert.typhoon{"name":"DEMO"}');
    expect(storm?.title).toBe('realtimealert.site_alert.typhoon_inside{"km":120}');
    expect(sea?.label).toBe('realtimealert.site_alert.wave{"height":"4.6"}');
    expect(sea?.title).toBe(
      'realtimealert.site_alert.wave_title{"station":"Buoy 1","km":12,"threshold":"4.0"}',
    );
    expect(gale?.title).toBe('大风');
  });

  it.each([
    ['zh-Hans', '演示', 'DEMO', '演示'],
    ['zh-Hans', null, 'DEMO', 'DEMO'],
    ['en', '演示', 'DEMO', 'DEMO'],
    ['en', null, null, '#22'],
  ])('names the storm in %s (Chinese name %s, name %s) as %s', (language, zh, en, name) => {
    const [alert] = siteAlertsByLocation(t, [typhoon(1, 9, 2, zh, en)], language).get(9) ?? [];
    expect(alert?.label).toBe(`realtimealert.site_alert.typhoon{"name":"${name}"}`);
    expect(alert?.tone).toBe('orange');
  });

  it('leaves out a warning alarm whose warning is gone, and flight and lightning alarms', () => {
    const flight = alarm({ id: 4, kind: 'flight', location_id: 1, level: 3, facts: {}, about: null });
    const lightning = alarm({ id: 6, kind: 'lightning', location_id: 1, level: 3, facts: null, about: null });
    expect(siteAlertsByLocation(t, [warning(9, 1, null), flight, lightning], 'en').size).toBe(0);
  });
});
