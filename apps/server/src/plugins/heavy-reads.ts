import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read that can answer with up to 100,000 rows: it waits for a place at the heavy-read gate. */
    heavyRead?: boolean;
  }
}

/** Requests waiting beyond this get 503 at once; each waits at most `maxWaitMs`. */
const MAX_WAITING = 64;
const MAX_WAIT_MS = 30_000;
const RETRY_AFTER_SEC = 5;

/**
 * At most `capacity` heavy reads at once, the others waiting in order of arrival. A page of 100,000
 * strokes is held as database rows, as answer objects and as JSON at once (about 150 MB on the embedded
 * database, which also copies it between threads), so the memory of a process is bounded by the gate, not
 * by how many such requests arrive together.
 */
export class ReadGate {
  private running = 0;
  private readonly queue: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    readonly capacity: number,
    private readonly maxWaiting = MAX_WAITING,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Resolves with the release of a place (call it once the answer is sent); 503 `server.busy` if none comes. */
  acquire(): Promise<() => void> {
    if (this.running < this.capacity) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          this.running++;
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(entry), 1);
          reject(busy());
        }, this.maxWaitMs),
      };
      this.queue.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.queue.shift()?.grant();
    };
  }
}

function busy(): AppError {
  return new AppError(
    'server.busy',
    503,
    'Too many large reads at once; retry shortly',
    undefined,
    RETRY_AFTER_SEC,
  );
}

/**
 * Routes with `config: { heavyRead: true }` pass the gate after authentication and validation (a bad or
 * unauthorised request never waits), and hold their place until the answer is sent or the client goes.
 */
export function registerHeavyReads(app: FastifyInstance, gate: ReadGate): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.heavyRead) return;
    const release = await gate.acquire();
    reply.raw.once('close', release);
  });
}
