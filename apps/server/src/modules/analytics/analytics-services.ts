import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { EngineStrokesRepo } from '../lightning/strokes/engine-strokes-repo.js';
import type { AlarmOutbox } from '../notify/delivery/alarm-outbox.js';
import type { RegionsService } from '../regions/regions-service.js';
import { AlertsRepo } from '../warnings/alerts/alerts-repo.js';
import type { LocationsRepo } from '../warnings/locations/locations-repo.js';
import type { LocationSkill } from '../warnings/warning-status/location-skill.js';
import type { ZonesRepo } from '../warnings/zones/zones-repo.js';
import { insightServices } from './insight/insight-services.js';
import { OverviewRepo } from './overview/overview-repo.js';
import { OverviewService } from './overview/overview-service.js';
import { SheetsRepo } from './sheets/sheets-repo.js';
import { SheetsService } from './sheets/sheets-service.js';
import { statisticsService } from './statistics/statistics-services.js';
import { QueryJobWorker } from './stroke-query/query-job-worker.js';
import { QueryJobsRepo } from './stroke-query/query-jobs-repo.js';
import { StrokeQueryRunner } from './stroke-query/query-runner.js';
import { StrokeQueryService } from './stroke-query/stroke-query-service.js';

/**
 * The analytics area's part of the composition root: the overview and indicators, the data sheets, the
 * statistics and their query builder (with its job worker), and the reports.
 */
export function analyticsServices(d: {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  regions: RegionsService;
  zones: ZonesRepo;
  locations: LocationsRepo;
  /** The live warnings of a group (or of all), as the overview counts them. */
  warnings: { warnings(groupId: number | null): Promise<WarningItem[]> };
  /** Warning skill of sites over a window, as every screen reads it. */
  skill: Pick<LocationSkill, 'ofEach'>;
  outbox: Pick<AlarmOutbox, 'enqueueReport' | 'committed'>;
  listExists: (id: number, groupId: number) => Promise<boolean>;
  groupExists: (id: number) => Promise<boolean>;
}) {
  const { config, db, now, log } = d;
  const regions = () => d.regions.ensureLoaded();
  const provinces = async () => (await regions()).byCode.province;
  /** The one zone every count of days, hours of day and months falls back on (`TIME_ZONE`). */
  const timeZone = config.timeZone;
  const queryJobs = new QueryJobsRepo(db);
  const queryRunner = new StrokeQueryRunner({ pages: new EngineStrokesRepo(db), regions, timeZone });
  const queryWorker = new QueryJobWorker({
    jobs: queryJobs,
    runner: queryRunner,
    sources: { regions, zone: (id) => d.zones.get(id, null) },
    now,
    log,
    everyMs: config.queries.jobPollMs,
  });
  const overviewRepo = new OverviewRepo(db);
  const sheets = new SheetsService({
    repo: new SheetsRepo(db),
    alerts: new AlertsRepo(db),
    locations: d.locations,
    skill: d.skill,
    provinces,
    now,
    timeZone,
  });
  return {
    overview: new OverviewService({ repo: overviewRepo, warnings: d.warnings, now, timeZone, provinces }),
    queryJobs,
    queryWorker,
    strokeQueries: new StrokeQueryService({
      jobs: queryJobs,
      runner: queryRunner,
      regions,
      zone: (id, scope) => d.zones.get(id, scope),
      worker: queryWorker,
      now,
      inlineMax: config.queries.inlineMax,
      timeZone,
    }),
    statistics: statisticsService({
      db,
      regions: d.regions,
      zones: d.zones,
      locations: d.locations,
      now,
      timeZone,
    }),
    sheets,
    ...insightServices({
      db,
      config,
      runner: queryRunner,
      regions,
      locations: d.locations,
      sheets,
      overview: overviewRepo,
      listExists: d.listExists,
      groupExists: d.groupExists,
      outbox: d.outbox,
      timeZone,
      scheduleTimeZone: config.notifications.timeZone,
      now,
      log,
    }),
  };
}
