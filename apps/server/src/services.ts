import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { Metrics } from './lib/metrics.js';
import { MESSAGES } from './message-catalogue.js';
import { accountServices } from './modules/accounts/account-services.js';
import { adminServices } from './modules/admin/admin-services.js';
import { analyticsServices } from './modules/analytics/analytics-services.js';
import { strokeRollups } from './modules/analytics/statistics/statistics-services.js';
import { flightServices } from './modules/aviation/flights/flight-services.js';
import { deviceServices } from './modules/devices/device-services.js';
import { layerServices } from './modules/layers/layer-services.js';
import type { CellsRepo } from './modules/lightning/cells/cells-repo.js';
import { lightningServices } from './modules/lightning/lightning-services.js';
import type { StrokesRepo } from './modules/lightning/strokes/strokes-repo.js';
import { TrackedCells } from './modules/models/compute/cell-source.js';
import { ModelExecutor } from './modules/models/compute/model-executor.js';
import { modelRunner } from './modules/models/compute/model-runner.js';
import { ModelScheduler } from './modules/models/compute/model-scheduler.js';
import { ModelsService } from './modules/models/runs/models-service.js';
import { OutputsRepo } from './modules/models/runs/outputs-repo.js';
import { RunsRepo } from './modules/models/runs/runs-repo.js';
import { DistributionRepo } from './modules/notify/distribution/distribution-repo.js';
import { createNotifyServices } from './modules/notify/notify-services.js';
import type { SmsProvider } from './modules/notify/sms/sms-provider.js';
import { RegionsRepo } from './modules/regions/regions-repo.js';
import { RegionsService } from './modules/regions/regions-service.js';
import { sensorServices } from './modules/sensors/sensor-services.js';
import { millsReadSince } from './modules/sensors/sensors-repo.js';
import { AlarmEvaluator } from './modules/warnings/alarms/alarm-evaluator.js';
import { toRecord } from './modules/warnings/locations/locations-repo.js';
import { warningsServices, warningsStores } from './modules/warnings/warnings-services.js';
import { weatherServices } from './modules/weather/weather-services.js';
import { CellRestep } from './pipeline/cells/cell-restep.js';
import { cellRunner } from './pipeline/cells/cell-runner.js';
import { CellTrackerService } from './pipeline/cells/cell-tracker-service.js';
import { Leadership } from './pipeline/cluster/leadership.js';
import { LeaseRepo } from './pipeline/cluster/lease-repo.js';
import { relayLocationChanges } from './pipeline/cluster/location-relay.js';
import type { ClusterSignals } from './pipeline/cluster/signals.js';
import { FlashAssigner } from './pipeline/ingest/flash-ids.js';
import { IngestService } from './pipeline/ingest/ingest-service.js';
import { StrokeBus } from './pipeline/stroke-bus.js';
import { EfmSamples } from './pipeline/warning-engine/efm-samples.js';
import { EpisodesRepo } from './pipeline/warning-engine/episodes-repo.js';
import { StoredWarnings } from './pipeline/warning-engine/stored-warnings.js';
import { threatCells } from './pipeline/warning-engine/threat-cells.js';
import { WarningEngineSeat } from './pipeline/warning-engine/warning-engine-seat.js';
import { WarningEngineService } from './pipeline/warning-engine/warning-engine-service.js';
import { WarningStore } from './pipeline/warning-engine/warning-store.js';

/** Strokes being written at once before the ingest answers 503. */
export const INGEST_MAX_IN_FLIGHT = 500_000;

/** The composition root: every repository and service, wired once from the database and config. */
export function createServices(d: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  jwtSecret: string;
  codeSecret: string;
  sms?: SmsProvider;
  /** Signals between the nodes (in-process on the embedded database). */
  signals: ClusterSignals;
  now: () => Date;
}) {
  const { config, db, now } = d;
  const lightning = lightningServices({ db, now });
  const { strokes, cellsRepo, cellRestepRepo } = lightning;
  const metrics = new Metrics();
  const bus = new StrokeBus();
  const regions = new RegionsService({ repo: new RegionsRepo(db), log: d.log });
  const rollups = strokeRollups(db, regions);
  const ingest = new IngestService({
    strokes,
    flashes: new FlashAssigner(() => strokes.flashIdBlock()),
    bus,
    limits: {
      retentionDays: config.retentionDays,
      lateAfterMs: config.lateAfterMs,
      maxInFlight: INGEST_MAX_IN_FLIGHT,
    },
    now,
    metrics,
    rollups: config.statsRollups ? rollups : undefined,
  });
  const stores = warningsStores({ db, log: d.log });
  const { locationChanges, locationsRepo, zonesRepo, alarmsRepo, siteAlarms } = stores;
  // Notify checks groups through the accounts area, which sends its codes through notify's SMS.
  const groupExists = (id: number) => accounts.groupExists(id);
  const warningStore = new WarningStore(db);
  const notify = createNotifyServices({
    config,
    db,
    log: d.log,
    now,
    sms: d.sms,
    groupExists,
    locations: locationsRepo,
    messages: MESSAGES,
    metrics,
  });
  const accounts = accountServices({
    config,
    db,
    now,
    jwtSecret: d.jwtSecret,
    codeSecret: d.codeSecret,
    sms: notify.sms,
  });
  const warningEngine = new WarningEngineSeat({
    make: (lease) =>
      new WarningEngineService({
        outbox: notify.alarmOutbox,
        store: warningStore,
        episodes: new EpisodesRepo(),
        locations: locationsRepo,
        changes: locationChanges,
        bus,
        signals: d.signals,
        lease,
        lateAfterMs: config.lateAfterMs,
        now,
        log: d.log,
        metrics,
        cells: threatCells(cellsRepo),
        efm: new EfmSamples((since) => millsReadSince(db, since)),
      }),
    stored: new StoredWarnings({ store: warningStore, locations: locationsRepo, now }),
    signals: d.signals,
    alarms: alarmsRepo,
    log: d.log,
  });
  const leadership = new Leadership({
    db,
    leases: new LeaseRepo(db),
    holder: config.nodeName,
    pollMs: config.leaderPollMs,
    log: d.log,
  });
  const stopRelay = relayLocationChanges({
    changes: locationChanges,
    signals: d.signals,
    origin: config.nodeName,
    read: async (id) => {
      const found = await locationsRepo.get(id, null);
      return found ? toRecord(found) : null;
    },
    log: d.log,
  });
  metrics.source('engineLagMs', () => warningEngine.lagMs());
  metrics.source('levelCounts', () => warningEngine.levelCounts());
  metrics.source('outboxDepth', () => notify.outbox.depthByChannel());
  metrics.source('pool', () => db.poolStats());

  const warnings = warningsServices(stores, {
    db,
    now,
    groupExists,
    engine: warningEngine,
    outbox: notify.alarmOutbox,
    strokes,
    users: accounts.usersRepo,
    timeZone: config.timeZone,
    log: d.log,
    jobPollMs: config.queries.jobPollMs,
  });
  // Areas ask for an evaluation after an ingest; the evaluator is put together once every source is.
  const evaluateAlarms = (source: string, hint?: unknown) => alarmEvaluator.evaluateLogged(source, hint);
  const {
    alarmSources: weatherAlarms,
    alarmDescribers: weatherDescribers,
    ...weather
  } = weatherServices({
    config,
    db,
    now,
    log: d.log,
    locations: locationsRepo,
    cells: cellsRepo,
    regions,
    alarms: siteAlarms,
    outbox: notify.alarmOutbox,
    evaluateAlarms,
  });
  const cellTracker = new CellTrackerService({
    db,
    repo: cellsRepo,
    radar: weather.radarRepo,
    signals: d.signals,
    runner: () => cellRunner(d.log, config.radar.dir),
    now,
    log: d.log,
    restepRepo: cellRestepRepo,
    restep: new CellRestep({
      db,
      cells: cellsRepo,
      repo: cellRestepRepo,
      radar: weather.radarRepo,
      runner: () => cellRunner(d.log, config.radar.dir),
      now,
      log: d.log,
    }),
  });
  const modelRuns = new RunsRepo(db);
  const modelOutputs = new OutputsRepo(db);
  const models = modelServices({
    config,
    db,
    log: d.log,
    now,
    strokes,
    cells: cellsRepo,
    runs: modelRuns,
    outputs: modelOutputs,
  });
  const {
    alarmSources: flightAlarms,
    alarmDescribers: flightDescribers,
    ...flight
  } = flightServices({
    config,
    db,
    now,
    locations: locationsRepo,
    levels: (ids) => warningEngine.levels(ids),
    outbox: notify.alarmOutbox,
    alarms: siteAlarms,
  });
  const alarmEvaluator = new AlarmEvaluator([...weatherAlarms, ...flightAlarms], {
    now,
    log: d.log,
  });
  stores.alarmDescriptions.register([...weatherDescribers, ...flightDescribers]);
  const devices = deviceServices({
    config,
    db,
    now,
    log: d.log,
    outbox: notify.alarmOutbox,
    groupExists,
  });
  const sensors = sensorServices({ config, db, now, log: d.log, locations: locationsRepo, groupExists });
  return {
    ...weather,
    ...sensors,
    readingPartitions: [...weather.readingPartitions, ...sensors.sensorPartitions],
    ...flight,
    alarmEvaluator,
    ...devices,
    ...layerServices({ db, now, groupExists }),
    ...analyticsServices({
      config,
      db,
      now,
      log: d.log,
      regions,
      zones: zonesRepo,
      locations: locationsRepo,
      warnings: warningEngine,
      skill: warnings.locationSkill,
      outbox: notify.alarmOutbox,
      listExists: async (id, groupId) => (await new DistributionRepo(db).get(id, groupId)) !== null,
      groupExists,
    }),
    rollups,
    leadership,
    ...models,
    stopRelay,
    metrics,
    ...accounts,
    ...adminServices({ config, db, log: d.log }),
    ...lightning,
    cellTracker,
    bus,
    ingest,
    warningEngine,
    ...warnings,
    ...notify,
  };
}

/** The models: their runs on the leader (on a worker thread) and their registry for the API. */
function modelServices(d: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  strokes: StrokesRepo;
  cells: CellsRepo;
  runs: RunsRepo;
  outputs: OutputsRepo;
}) {
  const runner = modelRunner(d.log);
  const cells = new TrackedCells({ cells: d.cells, now: d.now });
  const modelScheduler = new ModelScheduler({
    cells,
    db: d.db,
    runs: d.runs,
    executor: new ModelExecutor({
      db: d.db,
      runs: d.runs,
      outputs: d.outputs,
      strokes: d.strokes,
      // The cells the lightning models start from; see modules/models/compute/cell-source.ts.
      cells,
      runner,
      config: d.config.models,
      now: d.now,
      log: d.log,
    }),
    config: d.config.models,
    node: d.config.nodeName,
    now: d.now,
    log: d.log,
  });
  const models = new ModelsService({
    runs: d.runs,
    outputs: d.outputs,
    config: d.config.models,
    wake: () => modelScheduler.wake(),
  });
  return { modelRunner: runner, modelScheduler, models };
}

export type Services = ReturnType<typeof createServices>;
