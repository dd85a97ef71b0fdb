import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { AccessLogRepo } from '../modules/access-log/access-log-repo.js';
import type { LoginFailuresRepo } from '../modules/auth/login-failures-repo.js';
import type { VerifyCodesRepo } from '../modules/verify-codes/verify-codes-repo.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Hourly retention: access log after ACCESS_LOG_RETENTION_DAYS, spent codes and old login failures. */
export function startHousekeeping(d: {
  db: Database;
  accessLog: AccessLogRepo;
  failures: LoginFailuresRepo;
  codes: VerifyCodesRepo;
  config: Pick<Config, 'accessLogRetentionDays'>;
  log: FastifyBaseLogger;
  now: () => Date;
}): () => void {
  const run = async () => {
    const now = d.now().getTime();
    try {
      await d.accessLog.purgeBefore(new Date(now - d.config.accessLogRetentionDays * DAY_MS));
      await d.failures.purgeBefore(new Date(now - DAY_MS));
      await d.codes.purgeBefore(new Date(now - DAY_MS));
      await d.db.query('DELETE FROM sessions WHERE expires_at < $1', [new Date(now - DAY_MS)]);
    } catch (error) {
      d.log.error({ err: error }, 'housekeeping failed');
    }
  };
  const timer = setInterval(run, HOUR_MS).unref();
  return () => clearInterval(timer);
}
