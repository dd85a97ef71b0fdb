import { fullObjective } from '@thunderwatch/domain/warnings/rules-grid';
import type {
  AdviseCode,
  AdviseInput,
  AdviseSite,
  AdviseSkippedSite,
} from '@thunderwatch/shared/schemas/advise';
import type { FastifyBaseLogger } from 'fastify';
import { failureCode } from '../../../lib/app-error.js';
import { QueueDrainer } from '../../../lib/queue-drainer.js';
import type { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import { type BacktestRunner, backtestRunner } from '../backtest/backtest-runner.js';
import type { LocationsRepo } from '../locations/locations-repo.js';
import type { AdviseJobSite, AdviseJobsRepo, ClaimedAdviseJob } from './advise-jobs-repo.js';
import { adviceSites, adviseSite } from './advise-replay.js';

const LEASE_MS = 60_000;

/** A progress write found the job no longer running: its owner cancelled it, and the worker stops there. */
export class AdviseJobCancelled extends Error {
  constructor(readonly jobId: string) {
    super(`rules advisor job ${jobId} was cancelled`);
    this.name = 'AdviseJobCancelled';
  }
}

/**
 * Why a job failed, in a code the screen translates (`advise.location_gone`, `advise.worker_failed`); any
 * other failure is as `failureCode` words it (`server.internal`, its message only in the log).
 */
export class AdviseJobFailure extends Error {
  constructor(
    readonly reason: AdviseCode,
    cause?: unknown,
  ) {
    super(`rules advisor job failed: ${reason.code}`, { cause });
    this.name = 'AdviseJobFailure';
  }
}

/**
 * The replay's runner with its failures named: whatever stops the replay (its thread died, ran out of memory
 * or exited, or the replay in it threw) is `advise.worker_failed`, `out_of_memory` when Node says so.
 */
function replayFailuresNamed(runner: typeof backtestRunner): typeof backtestRunner {
  const failed = (cause: unknown) =>
    new AdviseJobFailure(
      {
        code: 'advise.worker_failed',
        params: { out_of_memory: (cause as { code?: unknown })?.code === 'ERR_WORKER_OUT_OF_MEMORY' },
      },
      cause,
    );
  return (start) => {
    let inner: BacktestRunner;
    try {
      inner = runner(start);
    } catch (error) {
      throw failed(error);
    }
    return {
      ...inner,
      feed: async (strokes) => {
        try {
          return await inner.feed(strokes);
        } catch (error) {
          throw failed(error);
        }
      },
      finish: async (untilMs) => {
        try {
          return await inner.finish(untilMs);
        } catch (error) {
          throw failed(error);
        }
      },
    };
  };
}

/**
 * Runs queued advisor jobs on this node, one at a time (claimed SKIP LOCKED, so every node may run one; a
 * lease a dead node leaves runs out and another node starts the job again). Each site is one replay on a
 * worker thread (advise-replay.ts); progress is the rule sets replayed, sites × sets, a site's share counted
 * by how far its replay's clock has come. Each progress write (after every page of strokes and every site) also
 * asks whether the job still runs: a job its owner cancelled stops there, its replay closed. A job whose
 * location was deleted after it was asked for fails before its replay (`advise.location_gone`).
 */
export class AdviseJobWorker {
  private readonly queue: QueueDrainer<ClaimedAdviseJob>;

  constructor(
    private readonly d: {
      jobs: AdviseJobsRepo;
      locations: Pick<LocationsRepo, 'liveIds'>;
      strokes: Pick<EngineStrokesRepo, 'page'>;
      now: () => Date;
      log: FastifyBaseLogger;
      everyMs: number;
      runner?: typeof backtestRunner;
      page?: number;
    },
  ) {
    this.queue = new QueueDrainer({
      everyMs: d.everyMs,
      what: 'a rules advisor job',
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

  kick(): Promise<void> {
    return this.queue.kick();
  }

  private lease(): Date {
    return new Date(this.d.now().getTime() + LEASE_MS);
  }

  private async progress(id: string, done: number, total: number): Promise<void> {
    if (!(await this.d.jobs.progress(id, done, total, this.lease()))) throw new AdviseJobCancelled(id);
  }

  /**
   * The job's sites still there, and those deleted since it was asked for. A group's advice leaves the deleted
   * ones out (and says so); a site's own advice, or a group's whose every site is gone, fails naming the first.
   */
  private async liveSites(
    job: ClaimedAdviseJob,
  ): Promise<{ sites: AdviseJobSite[]; skipped: AdviseSkippedSite[] }> {
    const ids = job.sites.flatMap((s) => (s.location_id === null ? [] : [s.location_id]));
    const live = await this.d.locations.liveIds(ids);
    const isGone = (s: AdviseJobSite) => s.location_id !== null && !live.has(s.location_id);
    const sites = job.sites.filter((s) => !isGone(s));
    const gone = job.sites.filter(isGone);
    const first = gone[0];
    if (first && (job.input.group_id === undefined || sites.length === 0)) {
      throw new AdviseJobFailure({
        code: 'advise.location_gone',
        params: { location_id: first.location_id, name: first.name, name_en: first.name_en },
      });
    }
    return {
      sites,
      skipped: gone.map((s) => ({ location_id: s.location_id as number, name: s.name, name_en: s.name_en })),
    };
  }

  private async run(job: ClaimedAdviseJob): Promise<void> {
    const runner = replayFailuresNamed(this.d.runner ?? backtestRunner);
    try {
      const { sites: replayed, skipped } = await this.liveSites(job);
      const input: AdviseInput = job.input;
      const window = { fromMs: Date.parse(input.from), toMs: Date.parse(input.to) };
      const objective = fullObjective(input.objective);
      const counts = replayed.map((s) => adviceSites(s).grid.length);
      const total = counts.reduce((a, b) => a + b, 0);
      const sites: AdviseSite[] = [];
      let base = 0;
      for (const [i, site] of replayed.entries()) {
        const n = counts[i] as number;
        sites.push(
          await adviseSite(
            {
              strokes: this.d.strokes,
              runner,
              page: this.d.page,
              nowMs: this.d.now().getTime(),
            },
            site,
            window,
            objective,
            (fraction) => this.progress(job.id, base + Math.floor(n * fraction), total),
          ),
        );
        base += n;
        await this.progress(job.id, base, total);
      }
      await this.d.jobs.finish(
        job.id,
        { result: { from: input.from, to: input.to, objective, sites, skipped } },
        this.d.now(),
      );
    } catch (error) {
      if (error instanceof AdviseJobCancelled) {
        this.d.log.info({ job: job.id }, 'rules advisor job cancelled');
        return;
      }
      if (error instanceof AdviseJobFailure) {
        this.d.log.warn(
          { err: error.cause, job: job.id, reason: error.reason.code },
          'rules advisor job failed',
        );
        await this.d.jobs.finish(job.id, { error: error.reason }, this.d.now());
        return;
      }
      this.d.log.error({ err: error, job: job.id }, 'rules advisor job failed');
      await this.d.jobs.finish(job.id, { error: failureCode(error) }, this.d.now());
    }
  }
}
