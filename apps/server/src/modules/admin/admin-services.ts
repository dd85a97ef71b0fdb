import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AccessLogRepo } from './access-log/access-log-repo.js';
import { AccessLogService } from './access-log/access-log-service.js';
import { AccessLogWriter } from './access-log/access-log-writer.js';
import { AdminDbRepo } from './db/admin-db-repo.js';
import { AdminDbService } from './db/admin-db-service.js';

/** The admin area's part of the composition root: the access log (its batched writer) and the database view. */
export function adminServices(d: {
  config: Pick<Config, 'adminDbWrite'>;
  db: Database;
  log: FastifyBaseLogger;
}) {
  const accessLogRepo = new AccessLogRepo(d.db);
  const accessLogWriter = new AccessLogWriter(accessLogRepo, d.log);
  return {
    accessLogRepo,
    accessLogWriter,
    accessLog: new AccessLogService(accessLogRepo, accessLogWriter),
    adminDb: new AdminDbService(new AdminDbRepo(d.db), d.config.adminDbWrite),
  };
}
