import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import { TyphoonLocationIndex } from '@thunderwatch/domain/weather/typhoon-approach';
import type { TyphoonPoint } from '@thunderwatch/domain/weather/typhoon-track';
import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { Holding, SiteAlarmRules } from '../../warnings/alarms/site-alarm-evaluation.js';
import type { OpenSiteAlarm } from '../../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { TyphoonAlarmFields } from './typhoon-alarms-repo.js';
import type { StormRow, TyphoonRepo } from './typhoon-repo.js';
import { TYPHOON_QUIET_MS } from './typhoon-service.js';

/** How often the storms are measured against the locations besides on each ingest. */
export const TYPHOON_EVAL_MS = 10 * 60_000;

export interface Threat {
  storm: StormRow;
  locationName: string;
  locationNameEn: string | null;
  fields: TyphoonAlarmFields;
}

/**
 * Typhoon alarms: each active storm's path (its latest position, then its forecast) against every enabled
 * location, prefiltered by an R-tree (`TyphoonLocationIndex`). A location inside the current 34-kt radius or
 * within `alertKm` of the path gets one alarm per storm while that holds, told through the lists and
 * subscriptions as the `typhoon` event, and told again once when it comes inside the gale radius; the alarm
 * is cleared when the storm moves off or ends.
 */
export class TyphoonAlarmRules implements SiteAlarmRules<'typhoon', Threat[]> {
  readonly kind = 'typhoon';
  readonly everyMs = TYPHOON_EVAL_MS;

  constructor(
    private readonly d: {
      typhoons: TyphoonRepo;
      locations: Pick<LocationsRepo, 'listAllEnabled'>;
      alertKm: number;
    },
  ) {}

  async read(now: Date, open: readonly OpenSiteAlarm<'typhoon'>[]): Promise<Threat[] | null> {
    const threats = await this.threats(now);
    return threats.length === 0 && open.length === 0 ? null : threats;
  }

  judge(threats: Threat[], open: readonly OpenSiteAlarm<'typhoon'>[], now: Date): Holding<'typhoon'>[] {
    const levelOf = new Map(open.map((a) => [`${a.subject}\u0000${a.location_id}`, a.level]));
    return threats.map((t) => {
      const subject = `storm:${t.fields.stormId}`;
      const before = levelOf.get(`${subject}\u0000${t.fields.locationId}`);
      return {
        subject,
        locationId: t.fields.locationId,
        groupId: t.fields.groupId,
        level: t.fields.level,
        facts: storedFacts(t.fields),
        // Coming inside the gale radius is news: its messages go once (keyed by the level).
        tellAgain: before !== undefined && t.fields.level > before,
        message: (id: number) => factsOf(id, t, now),
      };
    });
  }

  /** Every (storm, location) pair under threat now. */
  private async threats(now: Date): Promise<Threat[]> {
    const out: Threat[] = [];
    const storms = await this.d.typhoons.list({
      year: null,
      activeSince: new Date(now.getTime() - TYPHOON_QUIET_MS),
      endedBefore: null,
    });
    if (storms.length === 0) return out;
    const locations = new Map(
      (await this.d.locations.listAllEnabled()).map((l) => [l.id, { ...l, ...sitePoint(l.shape) }]),
    );
    const index = new TyphoonLocationIndex([...locations.values()]);
    for (const storm of storms) {
      const [latest, forecast] = await Promise.all([
        this.d.typhoons.latest(storm.id),
        this.d.typhoons.forecast(storm.id),
      ]);
      if (!latest) continue;
      const current: TyphoonPoint = {
        time: latest.time.getTime(),
        lat: latest.lat,
        lon: latest.lon,
        pressureHpa: latest.pressure_hpa,
        windMs: latest.wind_ms,
        grade: latest.grade,
        radii: latest.radii,
      };
      const path = forecast.map((p) => ({ time: p.time.getTime(), lat: p.lat, lon: p.lon }));
      for (const [locationId, a] of index.threats(current, path, this.d.alertKm)) {
        const location = locations.get(locationId);
        if (!location) continue;
        out.push({
          storm,
          locationName: location.name,
          locationNameEn: location.nameEn,
          fields: {
            stormId: storm.id,
            locationId,
            groupId: location.groupId,
            level: a.insideGale ? 3 : 2,
            insideGale: a.insideGale,
            distanceKm: a.distanceKm,
            closestAt: new Date(a.time),
            grade: latest.grade,
          },
        });
      }
    }
    return out;
  }
}

/** What the alarm's row keeps of the threat (`alarms.facts`). */
function storedFacts(f: TyphoonAlarmFields): SiteAlarmFacts['typhoon'] {
  return {
    storm_id: f.stormId,
    inside_gale: f.insideGale,
    distance_km: f.distanceKm,
    closest_at: f.closestAt.toISOString(),
    grade: f.grade,
  };
}

function factsOf(id: number, t: Threat, now: Date) {
  return {
    typhoon_alarm_id: id,
    storm_id: t.storm.key,
    storm_name_en: t.storm.name_en,
    storm_name_zh: t.storm.name_zh,
    grade: t.fields.grade,
    location_id: t.fields.locationId,
    location_name: t.locationName,
    location_name_en: t.locationNameEn,
    level: t.fields.level,
    inside_gale: t.fields.insideGale,
    distance_km: Math.round(t.fields.distanceKm * 10) / 10,
    closest_at: t.fields.closestAt.toISOString(),
    at: now.toISOString(),
  };
}
