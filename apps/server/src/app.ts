import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { ensureSecret, seedFirstStart } from './bootstrap.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { App } from './lib/fastify.js';
import { AccessTokens } from './lib/tokens.js';
import { AccessLogRepo } from './modules/access-log/access-log-repo.js';
import { AccessLogService } from './modules/access-log/access-log-service.js';
import { AccessLogWriter } from './modules/access-log/access-log-writer.js';
import { accessLogRoutes } from './modules/access-log/routes.js';
import { AuthService } from './modules/auth/auth-service.js';
import { LoginFailuresRepo } from './modules/auth/login-failures-repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { SessionsRepo } from './modules/auth/sessions-repo.js';
import { companyRoutes } from './modules/company/routes.js';
import { GroupsRepo } from './modules/groups/groups-repo.js';
import { GroupsService } from './modules/groups/groups-service.js';
import { groupRoutes } from './modules/groups/routes.js';
import { languageRoutes } from './modules/language/routes.js';
import { DevSmsProvider } from './modules/sms/dev-sms-provider.js';
import { HttpSmsProvider } from './modules/sms/http-sms-provider.js';
import { SmsOutboxRepo } from './modules/sms/outbox-repo.js';
import { smsRoutes } from './modules/sms/routes.js';
import type { SmsProvider } from './modules/sms/sms-provider.js';
import { SmsService } from './modules/sms/sms-service.js';
import { userRoutes } from './modules/users/routes.js';
import { UsersRepo } from './modules/users/users-repo.js';
import { UsersService } from './modules/users/users-service.js';
import { verifyCodeRoutes } from './modules/verify-codes/routes.js';
import { VerifyCodesRepo } from './modules/verify-codes/verify-codes-repo.js';
import { VerifyCodesService } from './modules/verify-codes/verify-codes-service.js';
import { registerAccessLog } from './plugins/access-log.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { startHousekeeping } from './plugins/housekeeping.js';
import { registerWebApp } from './plugins/web-app.js';

export const BODY_LIMIT = 1024 * 1024;

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the route-level security tests and diagnostics. */
    routeTable: RouteEntry[];
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /** Replaces the configured SMS provider (tests). */
  sms?: SmsProvider;
  now?: () => Date;
  logger?: boolean | { level: string };
}

/** Everything the server does, ready for `listen()` or for tests' `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array' } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url });
  });
  app.decorate('routeTable', routeTable);

  const jwtSecret = config.jwtSecret ?? (await ensureSecret(db, 'jwt_secret'));
  const codeSecret = await ensureSecret(db, 'verify_code_secret');
  await seedFirstStart(db, config, app.log);

  const tokens = new AccessTokens(jwtSecret, config.accessTtlSec);
  const users = new UsersRepo(db);
  const groups = new GroupsRepo(db);
  const sessions = new SessionsRepo(db);
  const failures = new LoginFailuresRepo(db);
  const codes = new VerifyCodesRepo(db);
  const accessLogRepo = new AccessLogRepo(db);
  const accessLogWriter = new AccessLogWriter(accessLogRepo, app.log);
  const smsProvider =
    deps.sms ??
    (config.sms.provider === 'http'
      ? new HttpSmsProvider({
          url: config.sms.url as string,
          username: config.sms.username,
          password: config.sms.password,
        })
      : new DevSmsProvider(app.log));
  const sms = new SmsService(smsProvider, new SmsOutboxRepo(db));
  const auth = new AuthService({
    db,
    users,
    sessions,
    failures,
    tokens,
    refreshTtlSec: config.refreshTtlSec,
    now,
  });
  const usersService = new UsersService({ db, users, groups, sessions, now });
  const verifyCodes = new VerifyCodesService({
    db,
    codes,
    users,
    sessions,
    sms,
    auth,
    secret: codeSecret,
    now,
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The portal is served over plain HTTP on localhost too; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
  });
  if (config.corsOrigins.length > 0) {
    // Only for other web origins that embed the API; the portal itself is same-origin.
    await app.register(cors, { origin: config.corsOrigins, credentials: false, maxAge: 600 });
  }
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Thunderwatch API', version: '0.1.0' }, components: {} },
  });

  await app.register(async (api) => {
    const typed = api as unknown as App;
    registerAuth(api, { tokens, sessions });
    registerAccessLog(api, accessLogWriter);
    authRoutes(typed, auth);
    verifyCodeRoutes(typed, verifyCodes);
    userRoutes(typed, usersService);
    groupRoutes(typed, new GroupsService(groups));
    accessLogRoutes(typed, new AccessLogService(accessLogRepo, accessLogWriter));
    smsRoutes(typed, sms);
    companyRoutes(typed, config.companies, config.defaultCompany);
    languageRoutes(typed, usersService);
    api.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
  });

  await registerWebApp(app, config.webDist);

  const stopHousekeeping = startHousekeeping({
    db,
    accessLog: accessLogRepo,
    failures,
    codes,
    config,
    log: app.log,
    now,
  });
  app.addHook('onClose', async () => {
    stopHousekeeping();
    await accessLogWriter.flush();
  });
  return app;
}
