import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not overlap with itself (an alarm evaluation reads the open alarms, then writes): each run
 * starts after the ones under way, whether asked for (after an ingest) or due (every `everyMs` once started).
 */
export class SerialRuns {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly o: {
      everyMs: number;
      /** What runs when due. */
      due: () => Promise<unknown>;
      /** Names the work in the log line of a failure. */
      what: string;
      log: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.logged(this.o.due), this.o.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs `work` after the runs under way; its result, or its failure. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.running.then(work, work);
    this.running = next.catch(() => undefined);
    return next;
  }

  /** As `run`, with a failure logged instead (the next run tries again). */
  logged(work: () => Promise<unknown>): Promise<void> {
    return this.run(work).then(
      () => undefined,
      (error: unknown) => this.o.log.error({ err: error }, `${this.o.what} failed`),
    );
  }
}
