import type { TyphoonAlarm } from '@thunderwatch/shared/schemas/typhoon';
import type { WaveAlarm } from '@thunderwatch/shared/schemas/wave-alarms';
import type { WeatherWarningAlarm } from '@thunderwatch/shared/schemas/weather-warning';
import type { TFunction } from 'i18next';
import type { WarningIconKind } from '../../../components/warning-kind-icon';

/** A weather alert beside a tile's lightning level: an official warning, a typhoon or a wave alarm. */
export interface SiteAlert {
  key: string;
  /** The chip's colour: a CMA signal colour, or the alarm level's (2 orange, 3 red). */
  tone: 'blue' | 'yellow' | 'orange' | 'red';
  icon: WarningIconKind;
  label: string;
  title: string;
}

const toneOfLevel = (level: 2 | 3) => (level === 3 ? 'red' : 'orange');
const RANK = { blue: 0, yellow: 1, orange: 2, red: 3 } as const;

/** The alerts of each location, the most severe first. */
export function siteAlertsByLocation(
  t: TFunction,
  lists: {
    warnings: readonly WeatherWarningAlarm[];
    typhoons: readonly TyphoonAlarm[];
    waves: readonly WaveAlarm[];
  },
  language: string,
): Map<number, SiteAlert[]> {
  const out = new Map<number, SiteAlert[]>();
  const add = (locationId: number, alert: SiteAlert) =>
    out.set(locationId, [...(out.get(locationId) ?? []), alert]);
  for (const w of lists.warnings)
    add(w.locationId, {
      key: `warning:${w.warningId}`,
      tone: w.level,
      icon: w.kind,
      label: t('realtimealert.weather_warning.chip', {
        kind: t(`realtimealert.weather_warning.kind.${w.kind}`),
        level: t(`realtimealert.weather_warning.level.${w.level}`),
      }),
      title: w.headline ?? w.event,
    });
  for (const a of lists.typhoons) {
    const name = (language.startsWith('zh') ? a.storm.name_zh : null) ?? a.storm.name_en ?? a.storm.id;
    add(a.location_id, {
      key: `typhoon:${a.id}`,
      tone: toneOfLevel(a.level),
      icon: 'typhoon',
      label: t('realtimealert.site_alert.typhoon', { name }),
      title: t(
        a.inside_gale ? 'realtimealert.site_alert.typhoon_inside' : 'realtimealert.site_alert.typhoon_near',
        {
          km: Math.round(a.distance_km),
        },
      ),
    });
  }
  for (const a of lists.waves)
    add(a.location_id, {
      key: `wave:${a.id}`,
      tone: toneOfLevel(a.level),
      icon: 'wave',
      label: t('realtimealert.site_alert.wave', { height: a.height_m.toFixed(1) }),
      title: t('realtimealert.site_alert.wave_title', {
        station: a.station.name,
        km: Math.round(a.distance_km),
        threshold: a.threshold_m.toFixed(1),
      }),
    });
  for (const alerts of out.values()) alerts.sort((a, b) => RANK[b.tone] - RANK[a.tone]);
  return out;
}
