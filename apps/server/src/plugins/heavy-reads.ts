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
 *
 * A place is given back exactly once on every path: a holder's release (finished, aborted or errored; a
 * second call frees nothing), a waiter whose signal aborts (its client left) or whose wait times out
 * (neither ever held one).
 */
export class ReadGate {
  private running = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly capacity: number,
    private readonly maxWaiting = MAX_WAITING,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /**
   * Resolves with the release of a place (call it once the answer is sent or the client went); 503
   * `server.busy` if none comes in time; the signal's reason if it aborts first (nothing to release then).
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.capacity) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const leave = (reason: unknown) => {
        const at = this.queue.indexOf(waiter);
        if (at < 0) return;
        this.queue.splice(at, 1);
        waiter.settle();
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const waiter: Waiter = {
        grant: () => {
          waiter.settle();
          this.running++;
          resolve(this.releaser());
        },
        settle: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      const timer = setTimeout(() => leave(busy()), this.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
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

interface Waiter {
  /** Takes a place and resolves the waiter. */
  grant(): void;
  /** Stops its timer and its abort listener. */
  settle(): void;
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
 * A client that goes while waiting leaves the queue; one that went just as its place came gives it back
 * at once (its response has already closed, so no later `close` would).
 */
export function registerHeavyReads(app: FastifyInstance, gate: ReadGate): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.heavyRead) return;
    const clientLeft = new AbortController();
    const onClose = () => clientLeft.abort(new AppError('request.aborted', 499, 'The client went away'));
    const res = reply.raw;
    res.once('close', onClose);
    // (Not the request's own stream: a body read to its end is destroyed while its client still waits.)
    if (res.closed || res.destroyed) onClose();
    let release: () => void;
    try {
      release = await gate.acquire(clientLeft.signal);
    } finally {
      res.off('close', onClose);
    }
    if (res.closed || res.destroyed) release();
    else res.once('close', release);
  });
}
