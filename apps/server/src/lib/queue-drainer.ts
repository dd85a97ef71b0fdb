import type { FastifyBaseLogger } from 'fastify';
import { SerialRuns } from './serial-runs.js';

/**
 * Work taken from a queue table one item at a time until none is left: every `everyMs`, and at once when asked
 * (`kick`, after something was queued). `claim` takes an item under a lease (so every node may drain the same
 * queue); `work` does it and records the outcome, a failure included.
 */
export class QueueDrainer<T> {
  private readonly runs: SerialRuns;

  constructor(
    private readonly o: {
      everyMs: number;
      what: string;
      log: FastifyBaseLogger;
      claim: () => Promise<T | null>;
      work: (item: T) => Promise<void>;
    },
  ) {
    this.runs = new SerialRuns({ everyMs: o.everyMs, due: () => this.drain(), what: o.what, log: o.log });
  }

  start(): void {
    this.runs.start();
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  kick(): Promise<void> {
    return this.runs.logged(() => this.drain());
  }

  private async drain(): Promise<void> {
    for (;;) {
      const item = await this.o.claim();
      if (!item) return;
      await this.o.work(item);
    }
  }
}
