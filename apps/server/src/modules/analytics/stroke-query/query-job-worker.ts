import type { FastifyBaseLogger } from 'fastify';
import { failureCode } from '../../../lib/app-error.js';
import { QueueDrainer } from '../../../lib/queue-drainer.js';
import type { AreaSources } from './query-area.js';
import { resolveArea } from './query-area.js';
import type { ClaimedJob, QueryJobsRepo } from './query-jobs-repo.js';
import type { StrokeQueryRunner } from './query-runner.js';

const LEASE_MS = 60_000;

/**
 * Runs queued statistics queries on this node, one at a time: claims the oldest (SKIP LOCKED, so every node
 * may run one), reports progress by page and holds its lease while it works; a node that dies leaves a lease
 * that runs out, and another node takes the job up again.
 */
export class QueryJobWorker {
  private readonly queue: QueueDrainer<ClaimedJob>;

  constructor(
    private readonly d: {
      jobs: QueryJobsRepo;
      runner: StrokeQueryRunner;
      /** Zones are read without the caller's scope: the job was checked when it was made. */
      sources: AreaSources;
      now: () => Date;
      log: FastifyBaseLogger;
      everyMs: number;
    },
  ) {
    this.queue = new QueueDrainer({
      everyMs: d.everyMs,
      what: 'a statistics query job',
      log: d.log,
      claim: () => d.jobs.claim(d.now(), this.lease()),
      work: (job) => this.run(job),
    });
  }

  start(): void {
    this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Looks for work now (after a job was queued). */
  kick(): Promise<void> {
    return this.queue.kick();
  }

  private lease(): Date {
    return new Date(this.d.now().getTime() + LEASE_MS);
  }

  private async run(job: ClaimedJob): Promise<void> {
    try {
      const area = await resolveArea(job.spec.area, this.d.sources);
      const result = await this.d.runner.run(job.spec, area, (scanned) =>
        this.d.jobs.progress(job.id, job.estimated > 0 ? scanned / job.estimated : 0, this.lease()),
      );
      await this.d.jobs.finish(job.id, { result }, this.d.now());
    } catch (error) {
      this.d.log.error({ err: error, job: job.id }, 'statistics query job failed');
      await this.d.jobs.finish(job.id, { error: failureCode(error) }, this.d.now());
    }
  }
}
