import { scheduleDue } from '@thunderwatch/domain/analytics/report-schedule';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { Lease, Singleton } from '../../../db/singleton.js';
import { SerialRuns } from '../../../lib/serial-runs.js';
import { provisionalTitle } from './report-templates.js';
import type { ReportsRepo } from './reports-repo.js';
import type { SchedulesRepo } from './schedules-repo.js';

export const REPORT_SCHEDULER = 'report-scheduler';
const CHECK_MS = 60_000;

/**
 * On the node holding the `report-scheduler` lease, every minute: each schedule whose day and hour have come
 * queues the report of the month before, once (the month is written back in the same transaction, which
 * checks the lease). The report workers make it; when one is done, its schedule's list hears of it.
 */
export class ReportScheduler implements Singleton {
  readonly name = REPORT_SCHEDULER;
  private lease: Lease | null = null;
  private readonly runs: SerialRuns;

  constructor(
    private readonly d: {
      db: Database;
      schedules: SchedulesRepo;
      reports: ReportsRepo;
      worker: { kick(): Promise<void> };
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.runs = new SerialRuns({
      everyMs: CHECK_MS,
      due: () => this.checkNow(),
      what: 'report schedules',
      log: d.log,
    });
  }

  async start(lease: Lease): Promise<void> {
    this.lease = lease;
    this.runs.start();
    void this.runs.logged(() => this.checkNow());
  }

  async stop(): Promise<void> {
    await this.runs.stop();
    this.lease = null;
  }

  /** One check after those under way: how many reports it queued (null without the lease). */
  check(): Promise<number | null> {
    return this.runs.run(() => this.checkNow());
  }

  private async checkNow(): Promise<number | null> {
    const lease = this.lease;
    if (!lease) return null;
    const now = this.d.now();
    const queued = await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      let n = 0;
      for (const s of await this.d.schedules.lockAll(tx)) {
        const month = scheduleDue(s, now);
        if (!month) continue;
        const parameters = {
          ...s.parameters,
          month,
          ...(s.parameters.template === 'group_warning' ? { group_id: s.group_id } : {}),
        };
        await this.d.reports.create(
          {
            groupId: s.group_id,
            parameters,
            title: provisionalTitle(parameters, month),
            createdBy: null,
            scheduleId: s.id,
            now,
          },
          tx,
        );
        await this.d.schedules.markRun(tx, s.id, month);
        n++;
      }
      return n;
    });
    if (queued > 0) {
      this.d.log.info({ queued }, 'scheduled reports queued');
      void this.d.worker.kick();
    }
    return queued;
  }
}
