import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { ensureSecret, seedFirstStart } from './bootstrap.js';
import type { Config } from './config.js';
import { basemapOrigins } from './config-basemap.js';
import type { Database } from './db/database.js';
import type { App } from './lib/fastify.js';
import { setPasswordHashCost } from './lib/passwords.js';
import { sharedSchemaCompilers } from './lib/schema-compilers.js';
import { accountAreaRoutes } from './modules/accounts/account-routes.js';
import { adminAreaRoutes } from './modules/admin/admin-routes.js';
import { analyticsAreaRoutes } from './modules/analytics/analytics-routes.js';
import { flightIngestRoutes } from './modules/aviation/flights/flight-ingest-routes.js';
import { flightSources } from './modules/aviation/flights/flight-sources.js';
import { flightRoutes } from './modules/aviation/flights/routes.js';
import { heartbeatIngestRoutes } from './modules/devices/heartbeat-ingest-routes.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { layerRoutes } from './modules/layers/routes.js';
import { lightningAreaRoutes } from './modules/lightning/lightning-routes.js';
import { mapConfigRoutes } from './modules/map/map-config/routes.js';
import { modelRoutes } from './modules/models/runs/routes.js';
import { notifyAreaRoutes } from './modules/notify/notify-routes.js';
import type { SmsProvider } from './modules/notify/sms/sms-provider.js';
import { wechatCallbackRoutes } from './modules/notify/wechat/callback-routes.js';
import { regionRoutes } from './modules/regions/routes.js';
import { sensorRoutes } from './modules/sensors/routes.js';
import { sensorIngestRoutes } from './modules/sensors/sensor-ingest-routes.js';
import { warningsAreaRoutes } from './modules/warnings/warnings-routes.js';
import { observationIngestRoutes } from './modules/weather/observations/observation-ingest-routes.js';
import { radarIngestRoutes } from './modules/weather/radar/radar-ingest-routes.js';
import { weatherPollers } from './modules/weather/sources/weather-pollers.js';
import { typhoonIngestRoutes } from './modules/weather/typhoon/typhoon-ingest-routes.js';
import { capIngestRoutes } from './modules/weather/warnings/cap-ingest-routes.js';
import { waveIngestRoutes } from './modules/weather/waves/wave-ingest-routes.js';
import { weatherAreaRoutes } from './modules/weather/weather-routes.js';
import { localSignals, postgresSignals } from './pipeline/cluster/signals.js';
import { ingestRoutes } from './pipeline/ingest/ingest-routes.js';
import { groupRooms, registerRealtime } from './pipeline/live/realtime.js';
import { attachRedisFanout } from './pipeline/live/redis-fanout.js';
import { WARNING_ENGINE } from './pipeline/warning-engine/warning-engine-seat.js';
import { registerAccessLog } from './plugins/access-log.js';
import { registerAuth } from './plugins/auth.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/errors.js';
import { registerHealth } from './plugins/health.js';
import { ReadGate, registerHeavyReads } from './plugins/heavy-reads.js';
import { startHousekeeping } from './plugins/housekeeping.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerWebApp } from './plugins/web-app.js';
import { createServices, type Services } from './services.js';

export const BODY_LIMIT = 1024 * 1024;

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's request and response schemas, for the tests that walk every route with bad input. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the route-level security tests and diagnostics. */
    routeTable: RouteEntry[];
    /** The wired services, for the process entry (feeds) and tests. */
    services: Services;
    /** The gate of large reads (tests hold its places). */
    heavyReads: ReadGate;
  }
}

/** Work an app does on its own, besides answering requests: the server runs all of it. */
export const BACKGROUND = [
  'warning-engine',
  'cell-tracker',
  'models',
  'weather-pollers',
  'flight-sources',
  'alarm-evaluator',
  'disaster-warnings',
  'device-monitor',
  'report-scheduler',
  'delivery',
  'query-jobs',
  'advise-jobs',
  'report-jobs',
  'housekeeping',
] as const;
export type Background = (typeof BACKGROUND)[number];

export interface AppDeps {
  config: Config;
  db: Database;
  /** The background work to run (default: all); a test app runs only what its test is about. */
  background?: readonly Background[];
  /** Replaces the configured SMS provider (tests). */
  sms?: SmsProvider;
  now?: () => Date;
  logger?: boolean | { level: string };
}

/** The Content-Security-Policy; an online basemap's tile servers are the only other hosts the page may reach. */
function contentSecurityPolicy(config: Config) {
  const tiles = basemapOrigins(config.basemap);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // MapLibre fetches raster tiles (connect-src) and decodes them as images (img-src).
    imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
    workerSrc: ["'self'", 'blob:'],
    // blob: the live map hands its strokes to MapLibre's worker as a GeoJSON blob the worker fetches.
    connectSrc: ["'self'", 'blob:', 'ws:', 'wss:', ...tiles],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/** Everything the server does, ready for `listen()` or for tests' `inject()`. Feeds start in main.ts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  setPasswordHashCost(config.passwordHashLog2N);
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: sharedSchemaCompilers },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    // strictNumbers: `Infinity`, `-1e309` and `NaN` are not numbers (they would reach the database and fail there).
    ajv: {
      customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array', strictNumbers: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url, schema: r.schema });
  });
  app.decorate('routeTable', routeTable);

  const jwtSecret = config.jwtSecret ?? (await ensureSecret(db, 'jwt_secret'));
  const codeSecret = await ensureSecret(db, 'verify_code_secret');
  await seedFirstStart(db, config, app.log);
  const signals = db.dedicated ? await postgresSignals(db, app.log) : localSignals(app.log);
  const s = createServices({ config, db, log: app.log, jwtSecret, codeSecret, sms: deps.sms, signals, now });
  app.decorate('services', s);

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    // The portal is served over plain HTTP on localhost too; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
  });
  if (config.corsOrigins.length > 0) {
    // Only for other web origins that embed the API; the portal itself is same-origin.
    await app.register(cors, { origin: config.corsOrigins, credentials: false, maxAge: 600 });
  }
  // gzip only: brotli costs several times the CPU for pages of strokes; the web's basemap files gain most.
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fieldSize: 64 * 1024 },
  });
  // After multipart, whose own preValidation hook fills the body this guard looks at.
  registerInputGuard(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Thunderwatch API', version: '0.1.0' }, components: {} },
  });

  const heavyReads = new ReadGate(config.heavyReads);
  s.metrics.source('heavyReads', () => heavyReads.state);
  app.decorate('heavyReads', heavyReads);
  await app.register(async (api) => {
    const typed = api as unknown as App;
    registerAuth(api, s.auth);
    registerHeavyReads(api, heavyReads);
    registerAccessLog(api, s.accessLogWriter);
    accountAreaRoutes(typed, s, config);
    adminAreaRoutes(typed, s);
    mapConfigRoutes(typed, config.basemap);
    lightningAreaRoutes(typed, s, now);
    warningsAreaRoutes(typed, s);
    notifyAreaRoutes(typed, s);
    weatherAreaRoutes(typed, s, config.notifications.publicUrl);
    regionRoutes(typed, s.regions);
    sensorRoutes(typed, s.sensors, s.sensorData);
    deviceRoutes(typed, s.devices);
    modelRoutes(typed, s.models);
    flightRoutes(typed, s.flights, s.airportView);
    analyticsAreaRoutes(typed, s);
    layerRoutes(typed, s.layers, s.scenes);
    api.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
  });
  await app.register((ingest) => ingestRoutes(ingest, { feeds: s.feeds, ingest: s.ingest }));
  await app.register((scope) =>
    observationIngestRoutes(scope, { feeds: s.feeds, observations: s.observations }),
  );
  await app.register((scope) => waveIngestRoutes(scope, { feeds: s.feeds, waves: s.waves }));
  await app.register((scope) =>
    radarIngestRoutes(scope, {
      feeds: s.feeds,
      radar: s.radarIngest,
      maxUploadBytes: config.radar.maxUploadBytes,
    }),
  );
  await app.register((scope) => sensorIngestRoutes(scope, { feeds: s.feeds, sensors: s.sensorIngest }));
  await app.register((scope) => typhoonIngestRoutes(scope, { feeds: s.feeds, typhoons: s.typhoons }));
  await app.register((scope) => heartbeatIngestRoutes(scope, { feeds: s.feeds, devices: s.devices }));
  await app.register((scope) => capIngestRoutes(scope, { feeds: s.feeds, warnings: s.weatherWarnings }));
  await app.register((scope) => flightIngestRoutes(scope, { feeds: s.feeds, flights: s.flights }));
  await app.register((scope) =>
    wechatCallbackRoutes(scope, {
      bindings: s.wechat,
      token: config.notifications.wechat.token,
      language: config.notifications.language,
      now,
    }),
  );
  const io = registerRealtime(app, { auth: s.auth, bus: s.bus });
  s.metrics.source('socketClients', () => io.engine.clientsCount);
  const fanout = config.redisUrl
    ? attachRedisFanout(io, { url: config.redisUrl, prefix: config.redisPrefix, log: app.log })
    : null;
  registerHealth(app, {
    db,
    metrics: s.metrics,
    metricsToken: config.metricsToken,
    engine: {
      role: () => s.leadership.role(WARNING_ENGINE),
      lagMs: () => s.warningEngine.lagMs(),
    },
    redis: fanout,
  });
  s.warningEngine.attach({
    warning: (groupId, items) => io.to(groupRooms(groupId)).emit('warning', items),
    alarm: (groupId, alarm) => io.to(groupRooms(groupId)).emit('alarm', alarm),
  });
  s.inapp.attach((userId, item) => io.to(`user:${userId}`).emit('notification', item));
  s.sensorLive.attach((groupId, items) => io.to(groupRooms(groupId)).emit('sensor', items));
  // Edits signalled while the LISTEN session was away were not heard: the engine's term starts again.
  const offReconnect = signals.onReconnect(() => void s.leadership.resign(WARNING_ENGINE));
  const runs = (work: Background) => !deps.background || deps.background.includes(work);
  if (runs('warning-engine')) await s.leadership.run(s.warningEngine);
  if (runs('cell-tracker')) await s.leadership.run(s.cellTracker);
  if (runs('models')) await s.leadership.run(s.modelScheduler);
  const { typhoons, observations, waves, weatherWarnings, metrics } = s;
  if (runs('weather-pollers'))
    await s.leadership.run(
      weatherPollers(config.pollers, {
        typhoons,
        observations,
        waves,
        weatherWarnings,
        metrics,
        log: app.log,
      }),
    );
  if (runs('flight-sources'))
    await s.leadership.run(flightSources(config.flights, { flights: s.flights, metrics, log: app.log }));
  if (runs('alarm-evaluator')) await s.leadership.run(s.alarmEvaluator);
  if (runs('disaster-warnings')) await s.leadership.run(s.disasterEvaluator);
  if (runs('device-monitor')) await s.leadership.run(s.deviceMonitor);
  if (runs('report-scheduler')) await s.leadership.run(s.reportScheduler);
  if (config.regionsAutoload) s.regions.loadInBackground();
  if (config.notifications.worker && runs('delivery')) {
    s.deliveryWorker.start();
    s.dailySummary.start();
  }
  await registerWebApp(app, config.webDist);

  if (runs('query-jobs')) s.queryWorker.start();
  if (runs('advise-jobs')) s.adviseWorker.start();
  if (runs('report-jobs')) s.reportWorker.start();
  const stopHousekeeping = runs('housekeeping')
    ? startHousekeeping({ db, services: s, config, log: app.log, now })
    : () => {};
  app.addHook('onClose', async () => {
    stopHousekeeping();
    await s.sensorLive.stop();
    await s.queryWorker.stop();
    await s.adviseWorker.stop();
    await s.reportWorker.stop();
    await s.dailySummary.stop();
    await s.deliveryWorker.stop();
    s.email.close();
    offReconnect();
    await s.leadership.close();
    s.warningEngine.close();
    await s.radarWorker.close();
    await s.capReader.close();
    await s.modelRunner.close();
    s.stopRelay();
    await signals.close();
    await fanout?.close();
    await s.accessLogWriter.flush();
  });
  return app;
}
