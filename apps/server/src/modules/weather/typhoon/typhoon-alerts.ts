import { sitePoint, TyphoonLocationIndex } from '@thunderwatch/domain/typhoon-approach';
import type { TyphoonPoint } from '@thunderwatch/domain/typhoon-track';
import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { TyphoonAlarmList, TyphoonAlarmQuery } from '@thunderwatch/shared/schemas/typhoon';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { readScope } from '../../../lib/group-scope.js';
import { queryFlag } from '../../../lib/query-flag.js';
import { SerialRuns } from '../../../lib/serial-runs.js';
import type { AlarmOutbox, EventFacts, SiteEvent } from '../../notify/delivery/alarm-outbox.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { TyphoonAlarmFields, TyphoonAlarmsRepo } from './typhoon-alarms-repo.js';
import type { StormRow, TyphoonRepo } from './typhoon-repo.js';
import { TYPHOON_QUIET_MS } from './typhoon-service.js';

/** How often the storms are measured against the locations besides on each ingest. */
export const TYPHOON_EVAL_MS = 10 * 60_000;

interface Threat {
  storm: StormRow;
  locationName: string;
  fields: TyphoonAlarmFields;
}

/**
 * Typhoon alarms: each active storm's path (its latest position, then its forecast) against every enabled
 * location, prefiltered by an R-tree (`TyphoonLocationIndex`). A location inside the current 34-kt radius or
 * within `alertKm` of the path gets one alarm per storm while that holds, delivered through the lists and
 * subscriptions as the `typhoon` event; the alarm is cleared when the storm moves off or ends. Several nodes
 * may evaluate at once: the open alarm per storm and location is unique in the database, and only the
 * evaluation that opened it writes its messages.
 */
export class TyphoonAlerts {
  private readonly runs: SerialRuns;

  constructor(
    private readonly d: {
      db: Database;
      typhoons: TyphoonRepo;
      typhoonAlarms: TyphoonAlarmsRepo;
      alarms: SiteAlarmsRepo;
      locations: Pick<LocationsRepo, 'listAllEnabled'>;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
      alertKm: number;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.runs = new SerialRuns({
      everyMs: TYPHOON_EVAL_MS,
      due: () => this.evaluateNow(),
      what: 'typhoon alarm evaluation',
      log: d.log,
    });
  }

  start(): void {
    this.runs.start();
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  async list(user: AuthUser, q: TyphoonAlarmQuery): Promise<TyphoonAlarmList> {
    requirePermission(user, 'location.read');
    const active = queryFlag(q.active);
    return { items: await this.d.typhoonAlarms.list({ groupId: readScope(user, q.group_id), active }) };
  }

  /** One evaluation after the ones under way; a failure is logged (the next one tries again). */
  evaluateLogged(): Promise<void> {
    return this.runs.logged(() => this.evaluateNow());
  }

  /** Raises and clears alarms for the storms as they are now; returns how many of each. */
  evaluate(): Promise<{ raised: number; cleared: number }> {
    return this.runs.run(() => this.evaluateNow());
  }

  private async evaluateNow(): Promise<{ raised: number; cleared: number }> {
    const now = this.d.now();
    const threats = await this.threats(now);
    const result = await this.d.db.transaction(async (tx) => {
      const open = await this.d.alarms.open('typhoon', tx);
      const keyOf = (a: (typeof open)[number]) => `${a.facts.storm_id}:${a.location_id}`;
      const openByKey = new Map(open.map((a) => [keyOf(a), a]));
      const cleared = open.filter((a) => !threats.has(keyOf(a))).map((a) => a.id);
      await this.d.alarms.clear(cleared, now, tx);
      const raised: SiteEvent<EventFacts['typhoon']>[] = [];
      for (const [key, t] of threats) {
        const held = openByKey.get(key);
        if (held !== undefined) {
          await this.d.alarms.refresh(held.id, t.fields.level, storedFacts(t.fields), now, tx);
          // Coming inside the gale radius is news: its messages go once (keyed by the level).
          if (t.fields.level > held.level)
            raised.push({ groupId: t.fields.groupId, at: now, facts: factsOf(held.id, t, now) });
          continue;
        }
        const { stormId, locationId, groupId, level } = t.fields;
        const id = await this.d.alarms.raise(
          'typhoon',
          { subject: `storm:${stormId}`, locationId, groupId, level, facts: storedFacts(t.fields) },
          now,
          tx,
        );
        if (id !== null) raised.push({ groupId: t.fields.groupId, at: now, facts: factsOf(id, t, now) });
      }
      const deliveries = await this.d.outbox.enqueueEvents(tx, 'typhoon', raised);
      return { raised: raised.length, cleared: cleared.length, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    return { raised: result.raised, cleared: result.cleared };
  }

  /** Every (storm, location) pair under threat now, by `stormId:locationId`. */
  private async threats(now: Date): Promise<Map<string, Threat>> {
    const out = new Map<string, Threat>();
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
        out.set(`${storm.id}:${locationId}`, {
          storm,
          locationName: location.name,
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
    level: t.fields.level,
    inside_gale: t.fields.insideGale,
    distance_km: Math.round(t.fields.distanceKm * 10) / 10,
    closest_at: t.fields.closestAt.toISOString(),
    at: now.toISOString(),
  };
}
