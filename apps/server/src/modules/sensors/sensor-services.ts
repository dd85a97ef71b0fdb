import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { StrokePartitions } from '../lightning/strokes/partitions.js';
import type { LocationsRepo } from '../warnings/locations/locations-repo.js';
import { SensorDataService } from './sensor-data-service.js';
import { SensorIngest } from './sensor-ingest.js';
import { SensorLive } from './sensor-live.js';
import { SensorReadingsRepo } from './sensor-readings-repo.js';
import { SensorsRepo } from './sensors-repo.js';
import { SensorsService } from './sensors-service.js';

/** Sensors (field mills, met sensors): registry, ingest with per-minute rollups, series and pages. */
export function sensorServices(d: {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  locations: LocationsRepo;
  groupExists: (id: number) => Promise<boolean>;
}) {
  const repo = new SensorsRepo(d.db);
  const readings = new SensorReadingsRepo(
    d.db,
    new StrokePartitions('sensor_readings'),
    new StrokePartitions('sensor_minutes'),
  );
  const sensorIngest = new SensorIngest({
    db: d.db,
    sensors: repo,
    readings,
    retentionDays: d.config.retentionDays,
    now: d.now,
    onListenerError: (err) => d.log.error({ err }, 'a sensor readings listener failed'),
  });
  const sensorLive = new SensorLive({
    sensors: repo,
    onError: (err) => d.log.warn({ err }, 'live sensor readings not sent'),
  });
  sensorIngest.onReadings((rows) => sensorLive.add(rows));
  return {
    sensorLive,
    sensors: new SensorsService({
      sensors: repo,
      locations: d.locations,
      groupExists: d.groupExists,
      now: d.now,
      changed: (id) => sensorLive.forget(id),
    }),
    sensorsRepo: repo,
    sensorData: new SensorDataService({ sensors: repo, readings, now: d.now }),
    sensorIngest,
    /** Dropped by retention with the station readings. */
    sensorPartitions: [readings.readings, readings.minutes],
  };
}
