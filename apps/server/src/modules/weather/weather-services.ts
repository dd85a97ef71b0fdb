import { OBSERVATION_ELEMENTS, WAVE_ELEMENTS } from '@thunderwatch/shared/schemas/weather';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { CellsRepo } from '../lightning/cells/cells-repo.js';
import { StrokePartitions } from '../lightning/strokes/partitions.js';
import type { AlarmOutbox } from '../notify/delivery/alarm-outbox.js';
import type { RegionsService } from '../regions/regions-service.js';
import type { AlarmDescriber } from '../warnings/alarms/alarm-descriptions.js';
import type { AlarmSource } from '../warnings/alarms/alarm-evaluator.js';
import { SiteAlarmEvaluation } from '../warnings/alarms/site-alarm-evaluation.js';
import { SiteAlarmListService } from '../warnings/alarms/site-alarm-list-service.js';
import type { SiteAlarmsRepo } from '../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../warnings/locations/locations-repo.js';
import { ChecklistsRepo } from './checklists/checklists-repo.js';
import { ChecklistsService } from './checklists/checklists-service.js';
import { disasterServices } from './disaster/disaster-services.js';
import { ObservationsService } from './observations/observations-service.js';
import { RadarFiles } from './radar/radar-files.js';
import { RadarIngest } from './radar/radar-ingest.js';
import { radarPreparer } from './radar/radar-preparer.js';
import { RadarRepo } from './radar/radar-repo.js';
import { RadarService } from './radar/radar-service.js';
import { ReadingsRepo } from './stations/readings-repo.js';
import { StationsRepo } from './stations/stations-repo.js';
import { TyphoonAlarmRules } from './typhoon/typhoon-alarm-rules.js';
import { TyphoonAlarmsRepo } from './typhoon/typhoon-alarms-repo.js';
import { TyphoonRepo } from './typhoon/typhoon-repo.js';
import { TyphoonService } from './typhoon/typhoon-service.js';
import { weatherWarningServices } from './warnings/weather-warning-services.js';
import { WaveAlarmRules } from './waves/wave-alarm-rules.js';
import { WaveAlarmsRepo } from './waves/wave-alarms-repo.js';
import { WavesService } from './waves/waves-service.js';
import { WindRepo } from './wind/wind-repo.js';
import { WindService } from './wind/wind-service.js';

/**
 * The weather area's part of the composition root: radar, typhoons, stations (observations, waves, wind),
 * official weather warnings, lightning disaster warnings and the gale screen's checklists; and the alarm
 * sources of typhoons, waves and weather warnings, which the alarm evaluator runs.
 */
export function weatherServices(d: {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  locations: LocationsRepo;
  cells: CellsRepo;
  regions: RegionsService;
  alarms: SiteAlarmsRepo;
  outbox: AlarmOutbox;
  /** Asks the alarm evaluator for an evaluation of one source (after an ingest), with what it named. */
  evaluateAlarms: (source: string, hint?: unknown) => Promise<void>;
}) {
  const { config, db, now, log } = d;
  const siteAlarmWrites = { db, alarms: d.alarms, outbox: d.outbox };
  const typhoonRepo = new TyphoonRepo(db);
  const waveAlarmsRepo = new WaveAlarmsRepo(db);
  const typhoonAlarmsRepo = new TyphoonAlarmsRepo(db);
  const warningServices = weatherWarningServices({
    db,
    locations: d.locations,
    outbox: d.outbox,
    alarms: d.alarms,
    evaluateAlarms: () => d.evaluateAlarms('weather_warning'),
    now,
    log,
  });
  const stations = new StationsRepo(db);
  const observationsRepo = new ReadingsRepo(
    db,
    'observations',
    OBSERVATION_ELEMENTS,
    new StrokePartitions('observations'),
  );
  const wavesRepo = new ReadingsRepo(
    db,
    'wave_readings',
    WAVE_ELEMENTS,
    new StrokePartitions('wave_readings'),
  );
  const radarRepo = new RadarRepo(db);
  const radarFiles = new RadarFiles(config.radar.dir);
  const radarWorker = radarPreparer(log, { limits: { maxBytes: config.radar.decodeMaxBytes } });
  const typhoonAlarms = new SiteAlarmEvaluation(
    new TyphoonAlarmRules({ typhoons: typhoonRepo, locations: d.locations, alertKm: config.typhoonAlertKm }),
    siteAlarmWrites,
  );
  const waveAlarms = new SiteAlarmEvaluation(
    new WaveAlarmRules({
      waves: waveAlarmsRepo,
      thresholdM: config.waves.alertHeightM,
      radiusKm: config.waves.alertRadiusKm,
    }),
    siteAlarmWrites,
  );
  return {
    /** What the alarm evaluator runs of this area. */
    alarmSources: [typhoonAlarms, waveAlarms, warningServices.weatherWarningAlarms] as AlarmSource[],
    /** How its alarms are named when read. */
    alarmDescribers: [
      typhoonAlarmsRepo,
      waveAlarmsRepo,
      warningServices.weatherWarningAlarmDescriber,
    ] as AlarmDescriber[],
    ...warningServices,
    ...disasterServices({
      config,
      db,
      now,
      log,
      cells: d.cells,
      locations: d.locations,
      outbox: d.outbox,
      regions: d.regions,
    }),
    typhoons: new TyphoonService(db, typhoonRepo, now, () => d.evaluateAlarms('typhoon')),
    typhoonAlarmList: new SiteAlarmListService(typhoonAlarmsRepo),
    typhoonAlarms: new SiteAlarmEvaluation(
      new TyphoonAlarmRules({
        typhoons: typhoonRepo,
        locations: d.locations,
        alertKm: config.typhoonAlertKm,
      }),
      siteAlarmWrites,
    ),
    observations: new ObservationsService({
      db,
      stations,
      readings: observationsRepo,
      retentionDays: config.retentionDays,
      now,
    }),
    waves: new WavesService({
      db,
      stations,
      readings: wavesRepo,
      retentionDays: config.retentionDays,
      alertHeightM: config.waves.alertHeightM,
      now,
      afterIngest: (stationIds) => d.evaluateAlarms('wave', stationIds),
    }),
    waveAlarmList: new SiteAlarmListService(waveAlarmsRepo),
    wind: new WindService({ wind: new WindRepo(db), now }),
    checklists: new ChecklistsService(new ChecklistsRepo(db), warningServices.warningExists),
    radarRepo,
    radarWorker,
    radarIngest: new RadarIngest({
      db,
      repo: radarRepo,
      files: radarFiles,
      preparer: radarWorker,
      decodeLimits: { maxBytes: config.radar.decodeMaxBytes },
      retentionDays: config.retentionDays,
      now,
      log,
    }),
    radar: new RadarService(radarRepo, radarFiles, now),
    readingPartitions: [observationsRepo.partitions, wavesRepo.partitions],
  };
}
