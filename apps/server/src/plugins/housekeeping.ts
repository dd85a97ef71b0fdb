import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Services } from '../services.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Hourly retention: stroke partitions, storm-cell steps, radar frames, station readings, aircraft positions and closed weather
 * warnings after RETENTION_DAYS, the access log after ACCESS_LOG_RETENTION_DAYS,
 * finished deliveries and inbox messages after NOTIFY_RETENTION_DAYS, statistics query results after
 * QUERY_RESULT_DAYS, spent codes, old login failures and
 * expired sessions.
 */
export function startHousekeeping(d: {
  db: Database;
  services: Pick<
    Services,
    | 'accessLogRepo'
    | 'failures'
    | 'codes'
    | 'sessions'
    | 'partitions'
    | 'outbox'
    | 'inbox'
    | 'cellsRepo'
    | 'radarIngest'
    | 'readingPartitions'
    | 'flightPartitions'
    | 'weatherWarnings'
    | 'queryJobs'
    | 'adviseJobs'
  >;
  config: Pick<Config, 'accessLogRetentionDays' | 'retentionDays' | 'notifications' | 'queries'>;
  log: FastifyBaseLogger;
  now: () => Date;
}): () => void {
  const run = async () => {
    const now = d.now().getTime();
    try {
      const s = d.services;
      await s.accessLogRepo.purgeBefore(new Date(now - d.config.accessLogRetentionDays * DAY_MS));
      await s.failures.purgeBefore(new Date(now - DAY_MS));
      await s.codes.purgeBefore(new Date(now - DAY_MS));
      await s.sessions.purgeExpiredBefore(new Date(now - DAY_MS));
      const notified = new Date(now - d.config.notifications.retentionDays * DAY_MS);
      await s.outbox.purgeBefore(notified, new Date(now - DAY_MS));
      await s.inbox.purgeBefore(notified);
      await s.queryJobs.prune(new Date(now - d.config.queries.resultDays * DAY_MS));
      await s.adviseJobs.prune(new Date(now - d.config.queries.resultDays * DAY_MS));
      if (d.config.retentionDays > 0) {
        const dropped = await s.partitions.dropBefore(d.db, now - d.config.retentionDays * DAY_MS);
        if (dropped.length > 0) d.log.info({ dropped }, 'dropped stroke partitions past retention');
        // Storm cells live as long as the strokes they were found from.
        await s.cellsRepo.purgeBefore(new Date(now - d.config.retentionDays * DAY_MS));
        // Radar frames follow the strokes' retention, so a replay always has both.
        const frames = await s.radarIngest.purgeBefore(new Date(now - d.config.retentionDays * DAY_MS));
        if (frames > 0) d.log.info({ frames }, 'deleted radar frames past retention');
        // Official warnings closed (superseded, cancelled, expired) longer ago than that go too.
        const warnings = await s.weatherWarnings.purgeClosedBefore(
          new Date(now - d.config.retentionDays * DAY_MS),
        );
        if (warnings > 0) d.log.info({ warnings }, 'deleted weather warnings past retention');
        // Station readings (observations, waves) are kept as long as the strokes.
        for (const p of s.readingPartitions) {
          const readings = await p.dropBefore(d.db, now - d.config.retentionDays * DAY_MS);
          if (readings.length > 0)
            d.log.info({ dropped: readings }, 'dropped reading partitions past retention');
        }
        // Aircraft positions too: a flight's hazard is judged against the strokes of its time.
        const positions = await s.flightPartitions.dropBefore(d.db, now - d.config.retentionDays * DAY_MS);
        if (positions.length > 0)
          d.log.info({ dropped: positions }, 'dropped aircraft position partitions past retention');
      }
    } catch (error) {
      d.log.error({ err: error }, 'housekeeping failed');
    }
  };
  const timer = setInterval(run, HOUR_MS).unref();
  return () => clearInterval(timer);
}
