import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { AlarmOutbox } from '../../notify/delivery/alarm-outbox.js';
import { SiteAlarmListService } from '../../warnings/alarms/site-alarm-list-service.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import { capReader } from './cap-reader.js';
import { WeatherWarningAlarmSource } from './weather-warning-alarm-source.js';
import { WeatherWarningAlarmsRepo } from './weather-warning-alarms-repo.js';
import { WeatherWarningService } from './weather-warning-service.js';
import { WeatherWarningsRepo } from './weather-warnings-repo.js';

/** The official weather warnings: their store, ingest and reads, and the alarms they raise. */
export function weatherWarningServices(d: {
  db: Database;
  locations: Pick<LocationsRepo, 'listAllEnabled'>;
  outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
  alarms: SiteAlarmsRepo;
  /** Asks the alarm evaluator for an evaluation of the warnings' alarms (after an ingest). */
  evaluateAlarms: () => Promise<void>;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const repo = new WeatherWarningsRepo(d.db);
  const alarms = new WeatherWarningAlarmsRepo(d.db, d.alarms);
  const weatherWarningAlarms = new WeatherWarningAlarmSource({
    db: d.db,
    warnings: repo,
    alarms,
    locations: d.locations,
    outbox: d.outbox,
  });
  const reader = capReader({ log: d.log });
  const weatherWarnings = new WeatherWarningService({
    db: d.db,
    repo,
    now: d.now,
    log: d.log,
    afterIngest: d.evaluateAlarms,
    reader,
  });
  return {
    weatherWarnings,
    capReader: reader,
    weatherWarningAlarms,
    weatherWarningAlarmList: new SiteAlarmListService(alarms),
    /** Names what its alarms are about when they are read. */
    weatherWarningAlarmDescriber: alarms,
    warningExists: (id: number) => repo.exists(id),
  };
}
