import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { AlarmOutbox } from '../../notify/delivery/alarm-outbox.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import { capReader } from './cap-reader.js';
import { WeatherWarningAlarmsRepo } from './weather-warning-alarms-repo.js';
import { WeatherWarningAlerts } from './weather-warning-alerts.js';
import { WeatherWarningService } from './weather-warning-service.js';
import { WeatherWarningsRepo } from './weather-warnings-repo.js';

/** The official weather warnings: their store, ingest and reads, and the alarms they raise. */
export function weatherWarningServices(d: {
  db: Database;
  locations: Pick<LocationsRepo, 'listAllEnabled'>;
  outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
  alarms: SiteAlarmsRepo;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const repo = new WeatherWarningsRepo(d.db);
  const weatherWarningAlerts = new WeatherWarningAlerts({
    db: d.db,
    warnings: repo,
    alarms: new WeatherWarningAlarmsRepo(d.db, d.alarms),
    locations: d.locations,
    outbox: d.outbox,
    now: d.now,
    log: d.log,
  });
  const reader = capReader({ log: d.log });
  const weatherWarnings = new WeatherWarningService({
    db: d.db,
    repo,
    now: d.now,
    log: d.log,
    afterIngest: () => weatherWarningAlerts.evaluateLogged(),
    reader,
  });
  return {
    weatherWarnings,
    capReader: reader,
    weatherWarningAlerts,
    warningExists: (id: number) => repo.exists(id),
  };
}
