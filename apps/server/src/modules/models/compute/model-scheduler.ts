import { dueModels } from '@thunderwatch/domain/models/model-schedule';
import { MODEL_IDS, type ModelId } from '@thunderwatch/shared/schemas/models';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelsConfig } from '../../../config-models.js';
import type { Database } from '../../../db/database.js';
import type { Lease, Singleton } from '../../../db/singleton.js';
import { scheduleOf } from '../catalog/model-catalog.js';
import type { RunFailureReason, RunsRepo } from '../runs/runs-repo.js';
import { CELL_MODELS, CELL_STEP_MAX_AGE_MS, type CellSource } from './cell-source.js';
import type { ModelExecutor } from './model-executor.js';

export const MODELS_SINGLETON = 'models';
/** How often the leader looks for due schedules and runs queued on other nodes. */
export const MODELS_TICK_MS = 15_000;
const PURGE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;
export const INTERRUPTED_REASON: RunFailureReason = {
  text: 'the node running it stopped before it finished',
  code: 'interrupted',
  params: {},
};

interface Term {
  lease: Lease;
  timer: NodeJS.Timeout;
  lastQueued: Map<ModelId, number>;
  busy: Promise<void> | null;
  /** Asked again while busy: go round once more when done (`schedule`: and queue what is due). */
  again: { schedule: boolean } | null;
  purgedAt: number;
  startedAt: number;
}

/**
 * Model runs on the cluster's leader (`models` singleton). A new term first fails the runs left running by
 * a node that stopped, then every `MODELS_TICK_MS` queues the models whose schedule slot came
 * (`dueModels`) and works through the queue one run at a time, oldest first; a run queued on this node
 * wakes it at once. Runs queued on other nodes wait for the next tick. In a term's first
 * `CELL_STEP_MAX_AGE_MS` a model that starts from the cells waits for the tracker's first step (a node just
 * started has none yet: not a failure); after that, a run without a recent step fails and says so.
 */
export class ModelScheduler implements Singleton {
  readonly name = MODELS_SINGLETON;
  private term: Term | null = null;

  constructor(
    private readonly d: {
      db: Database;
      runs: RunsRepo;
      executor: ModelExecutor;
      config: ModelsConfig;
      /** The newest cell step, for the models that start from it. */
      cells: CellSource;
      node: string;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  async start(lease: Lease): Promise<void> {
    const failed = await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      return this.d.runs.failInterrupted(tx, INTERRUPTED_REASON, this.d.now());
    });
    if (failed > 0) this.d.log.warn({ failed }, 'model runs interrupted by a stopped node marked failed');
    const lastQueued = new Map([...(await this.d.runs.lastScheduled())].map(([m, at]) => [m, at.getTime()]));
    const term: Term = {
      lease,
      lastQueued,
      busy: null,
      again: null,
      purgedAt: 0,
      startedAt: this.d.now().getTime(),
      timer: setInterval(() => this.cycle(true), MODELS_TICK_MS),
    };
    term.timer.unref();
    this.term = term;
    // Runs already queued start now; schedules wait for the first tick.
    this.cycle(false);
  }

  async stop(): Promise<void> {
    const term = this.term;
    this.term = null;
    if (term) clearInterval(term.timer);
  }

  /** A run was queued on this node: work through the queue now. */
  wake(): void {
    this.cycle(false);
  }

  /**
   * Queues what is due now and works through the queue (the tick does this; tests call it). False when
   * this node has no term (yet).
   */
  async scheduleNow(): Promise<boolean> {
    if (!this.term) return false;
    this.cycle(true);
    await this.idle();
    return true;
  }

  /** Resolves when this node has nothing left to do in the queue. */
  async idle(): Promise<void> {
    while (this.term?.busy) await this.term.busy;
  }

  private cycle(schedule: boolean): void {
    const term = this.term;
    if (!term) return;
    if (term.busy) {
      term.again = { schedule: schedule || (term.again?.schedule ?? false) };
      return;
    }
    term.busy = this.work(term, schedule)
      .catch((error: unknown) => this.d.log.error({ err: error }, 'model scheduler failed'))
      .finally(() => {
        term.busy = null;
        const again = term.again;
        term.again = null;
        if (again && this.term === term) this.cycle(again.schedule);
      });
  }

  private async work(term: Term, schedule: boolean): Promise<void> {
    const current = () => this.term === term;
    if (schedule) await this.queueDue(term);
    while (current()) {
      const run = await this.d.db.transaction(async (tx) => {
        await term.lease.check(tx);
        return this.d.runs.claimNext(tx, this.d.node, this.d.now());
      });
      if (!run) break;
      await this.d.executor.execute(run, term.lease, current);
    }
    const now = this.d.now().getTime();
    if (current() && now - term.purgedAt >= PURGE_EVERY_MS) {
      term.purgedAt = now;
      await this.d.runs.purgeBefore(new Date(now - this.d.config.retentionDays * DAY_MS));
    }
  }

  private async queueDue(term: Term): Promise<void> {
    const now = this.d.now().getTime();
    const every = new Map(MODEL_IDS.map((m) => [m, scheduleOf(m, this.d.config)]));
    const { active } = await this.d.runs.latestByModel();
    let waitForCells: boolean | null = null;
    for (const model of dueModels(every, term.lastQueued, new Set(active.keys()), now)) {
      if (this.term !== term) return;
      if (CELL_MODELS.has(model) && now - term.startedAt < CELL_STEP_MAX_AGE_MS) {
        waitForCells ??= (await this.d.cells.latest()) === null;
        if (waitForCells) continue;
      }
      await this.d.db.transaction(async (tx) => {
        await term.lease.check(tx);
        await this.d.runs.insert(model, 'schedule', null, tx);
      });
      term.lastQueued.set(model, now);
    }
  }
}
