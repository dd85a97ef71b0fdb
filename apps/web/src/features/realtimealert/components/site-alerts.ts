import type { SiteAlarmFacts, SiteAlarmKind } from '@thunderwatch/shared/alarm-kinds';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
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

/** The kinds of site alarm the board shows as chips (flight alarms have the aviation panel). */
export const SITE_ALERT_KINDS = ['weather_warning', 'typhoon', 'wave'] as const satisfies SiteAlarmKind[];

const toneOfLevel = (level: number) => (level === 3 ? 'red' : 'orange');
const RANK = { blue: 0, yellow: 1, orange: 2, red: 3 } as const;

/** A site alarm's stored facts, as its kind keeps them. */
const factsOf = <K extends SiteAlarmKind>(a: AlarmDto, _kind: K) => a.facts as unknown as SiteAlarmFacts[K];

/** One alarm's chip in the reader's language, from its facts and what it is about now; null: not a chip. */
function alertOf(t: TFunction, a: AlarmDto, language: string): SiteAlert | null {
  const key = `${a.kind}:${a.id}`;
  if (a.kind === 'weather_warning') {
    const w = a.about?.warning;
    // Its warning gone (retention): nothing left to say what it was.
    if (!w) return null;
    return {
      key,
      tone: w.colour,
      icon: w.kind,
      label: t('realtimealert.weather_warning.chip', {
        kind: t(`realtimealert.weather_warning.kind.${w.kind}`),
        level: t(`realtimealert.weather_warning.level.${w.colour}`),
      }),
      title: w.headline ?? w.event,
    };
  }
  if (a.kind === 'typhoon') {
    const f = factsOf(a, 'typhoon');
    const name = (language.startsWith('zh') ? a.about?.name_zh : null) ?? a.about?.name ?? `#${f.storm_id}`;
    return {
      key,
      tone: toneOfLevel(a.level),
      icon: 'typhoon',
      label: t('realtimealert.site_alert.typhoon', { name }),
      title: t(
        f.inside_gale ? 'realtimealert.site_alert.typhoon_inside' : 'realtimealert.site_alert.typhoon_near',
        {
          km: Math.round(f.distance_km),
        },
      ),
    };
  }
  if (a.kind === 'wave') {
    const f = factsOf(a, 'wave');
    return {
      key,
      tone: toneOfLevel(a.level),
      icon: 'wave',
      label: t('realtimealert.site_alert.wave', { height: f.height_m.toFixed(1) }),
      title: t('realtimealert.site_alert.wave_title', {
        // The station's own name (`name_zh`, the demo's are Chinese) for a Chinese reader, its English one else.
        station: (language.startsWith('zh') ? a.about?.name_zh : null) ?? a.about?.name ?? f.station_id,
        km: Math.round(f.distance_km),
        threshold: f.threshold_m.toFixed(1),
      }),
    };
  }
  return null;
}

/** The alerts of each location from its open site alarms (`/api/alarms/`), the most severe first. */
export function siteAlertsByLocation(
  t: TFunction,
  alarms: readonly AlarmDto[],
  language: string,
): Map<number, SiteAlert[]> {
  const out = new Map<number, SiteAlert[]>();
  for (const a of alarms) {
    const alert = alertOf(t, a, language);
    if (!alert) continue;
    const here = out.get(a.location_id);
    if (here) here.push(alert);
    else out.set(a.location_id, [alert]);
  }
  for (const alerts of out.values()) alerts.sort((a, b) => RANK[b.tone] - RANK[a.tone]);
  return out;
}
