import type { Level } from '@thunderwatch/shared/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { UsersRepo } from '../accounts/users/users-repo.js';
import { EngineStrokesRepo } from '../lightning/strokes/engine-strokes-repo.js';
import type { StrokesRepo } from '../lightning/strokes/strokes-repo.js';
import { AdviseJobWorker } from './advise/advise-job-worker.js';
import { AdviseJobsRepo } from './advise/advise-jobs-repo.js';
import { AdviseService } from './advise/advise-service.js';
import { AlarmDescriptions } from './alarms/alarm-descriptions.js';
import { AlarmsRepo } from './alarms/alarms-repo.js';
import { AlarmsService } from './alarms/alarms-service.js';
import { SiteAlarmsRepo } from './alarms/site-alarms-repo.js';
import { AlertsRepo } from './alerts/alerts-repo.js';
import { AlertsService } from './alerts/alerts-service.js';
import { WarningStatsRepo } from './alerts/warning-stats-repo.js';
import { BacktestService } from './backtest/backtest-service.js';
import { LocationChanges } from './locations/location-changes.js';
import { locationsFollowZones } from './locations/locations-follow-zones.js';
import { LocationsRepo } from './locations/locations-repo.js';
import { LocationsService } from './locations/locations-service.js';
import { UserMapDataService } from './locations/user-map-data-service.js';
import { LocationSkill } from './warning-status/location-skill.js';
import { WarningSkillService } from './warning-status/skill-service.js';
import { WarningEventsRepo } from './warning-status/warning-events-repo.js';
import { type LiveWarnings, WarningService } from './warning-status/warning-service.js';
import { ZoneChanges } from './zones/zone-changes.js';
import { ZonesRepo } from './zones/zones-repo.js';
import { ZonesService } from './zones/zones-service.js';

/**
 * What the warnings area keeps and others read before any service exists (the warning engine, notify's
 * topics, the weather alarm sources): the watched locations and zones with their change hubs, and the alarms.
 */
export function warningsStores(d: { db: Database; log: FastifyBaseLogger }) {
  const locationChanges = new LocationChanges((err) =>
    d.log.error({ err }, 'a location change listener failed'),
  );
  const locationsRepo = new LocationsRepo(d.db);
  const zonesRepo = new ZonesRepo(d.db);
  const zoneChanges = new ZoneChanges();
  const alarmDescriptions = new AlarmDescriptions();
  zoneChanges.follow(locationsFollowZones(locationsRepo, locationChanges));
  return {
    locationChanges,
    locationsRepo,
    zonesRepo,
    zoneChanges,
    alarmDescriptions,
    alarmsRepo: new AlarmsRepo(d.db, alarmDescriptions),
    siteAlarms: new SiteAlarmsRepo(d.db),
  };
}

/**
 * The warnings area's part of the composition root: locations and zones, the alert and alarm lists, alarm
 * confirmation, warning skill and backtests, over the live engine the pipeline runs.
 */
export function warningsServices(
  stores: ReturnType<typeof warningsStores>,
  d: {
    db: Database;
    now: () => Date;
    groupExists: (id: number) => Promise<boolean>;
    /** The live warning engine (the pipeline's seat), and its levels of locations. */
    engine: LiveWarnings & { levels(ids: readonly number[]): Promise<(locationId: number) => Level> };
    /** Stops a confirmed lightning alarm's escalation and tells its recipients. */
    outbox: NonNullable<ConstructorParameters<typeof WarningService>[0]['outbox']>;
    strokes: StrokesRepo;
    users: Pick<UsersRepo, 'mapView' | 'saveMapView'>;
    /** The deployment's zone (`TIME_ZONE`). */
    timeZone: string;
    log: FastifyBaseLogger;
    /** How often this node looks for queued advisor jobs (`QUERY_JOB_POLL_MS`, as for statistics queries). */
    jobPollMs: number;
  },
) {
  const { db, now, groupExists } = d;
  const { locationsRepo, zonesRepo, alarmsRepo } = stores;
  const locations = new LocationsService({
    db,
    levels: (ids) => d.engine.levels(ids),
    locations: locationsRepo,
    zones: zonesRepo,
    groupExists,
    changes: stores.locationChanges,
    now,
  });
  const locationSkill = new LocationSkill({ events: new WarningEventsRepo(db), strokes: d.strokes, now });
  const adviseJobs = new AdviseJobsRepo(db);
  const engineStrokes = new EngineStrokesRepo(db);
  const adviseWorker = new AdviseJobWorker({
    jobs: adviseJobs,
    locations: locationsRepo,
    strokes: engineStrokes,
    now,
    log: d.log,
    everyMs: d.jobPollMs,
  });
  return {
    ...stores,
    locations,
    adviseJobs,
    adviseWorker,
    advise: new AdviseService({
      locations,
      jobs: adviseJobs,
      kick: () => void adviseWorker.kick(),
      now,
      timeZone: d.timeZone,
    }),
    userMapData: new UserMapDataService(d.users, locations),
    zones: new ZonesService({ db, zones: zonesRepo, groupExists, changes: stores.zoneChanges, now }),
    alerts: new AlertsService(new AlertsRepo(db), new WarningStatsRepo(db), now, d.timeZone),
    alarms: new AlarmsService(alarmsRepo),
    warnings: new WarningService({ engine: d.engine, alarms: alarmsRepo, db, now, outbox: d.outbox }),
    locationSkill,
    warningSkill: new WarningSkillService({ locations, skill: locationSkill }),
    backtests: new BacktestService({ locations, strokes: engineStrokes, now }),
  };
}
