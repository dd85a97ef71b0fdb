import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode, ErrorDetail } from '@thunderwatch/shared/error-codes';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { readCapBody } from './cap-read.js';

export type CapBody = Awaited<ReturnType<typeof readCapBody>>;

type ErrorShape = { code: ErrorCode; statusCode: number; message: string; details?: ErrorDetail[] };
export type CapReply =
  | { ready: true }
  | { seq: number; result: CapBody; error?: undefined }
  | { seq: number; result?: undefined; error: ErrorShape | { message: string } };

/** Where CAP bodies are read (limits, tree, schema, signatures). */
export interface CapReader {
  read(body: Buffer): Promise<CapBody>;
  close(): Promise<void>;
}

/** On the calling thread: tests, and a build without the compiled worker. */
export const inlineCapReader: CapReader = { read: readCapBody, close: async () => {} };

const WORKER_URL = new URL('./cap-worker.js', import.meta.url);
/** A body that passed the limits still may not hold the reader longer than this. */
export const CAP_READ_TIMEOUT_MS = 20_000;
/** Bodies waiting for the reader before an ingest is told to come back later. */
export const CAP_MAX_WAITING = 8;
/** The reader thread's heap: a 2 MiB body within the limits needs well under 100 MB. */
export const CAP_WORKER_HEAP_MB = 256;

/**
 * The parent's flags without its resolve conditions: under vitest they point packages at their TypeScript
 * sources, which the compiled worker cannot load.
 */
function workerExecArgv(): string[] | undefined {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  // Unchanged: inherited as is (some process-wide flags may not be named to a worker).
  return out.length === argv.length ? undefined : out;
}

interface Job {
  seq: number;
  body: Uint8Array;
  worker?: Worker;
  resolve: (r: CapBody) => void;
  reject: (e: Error) => void;
}

function errorOf(shape: ErrorShape | { message: string }): Error {
  return 'code' in shape
    ? new AppError(shape.code, shape.statusCode, shape.message, shape.details)
    : new Error(shape.message);
}

/**
 * Reads CAP bodies on one worker thread, one body at a time in arrival order. A body that holds it past
 * `timeoutMs` is answered 503 `cap.parse_timeout` and the thread is ended (a new one reads the next body);
 * one that exhausts its heap is answered 400 `cap.too_large`; a thread that dies is replaced.
 */
export function capReader(o: { log: FastifyBaseLogger; workerUrl?: URL; timeoutMs?: number }): CapReader {
  const url = o.workerUrl ?? WORKER_URL;
  if (!existsSync(fileURLToPath(url))) return inlineCapReader;
  const timeoutMs = o.timeoutMs ?? CAP_READ_TIMEOUT_MS;
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let seq = 0;
  let closed = false;
  /** Threads that have loaded their code. */
  const ready = new WeakSet<Worker>();

  const settle = (): Job | null => {
    const job = current;
    current = null;
    if (timer) clearTimeout(timer);
    timer = null;
    return job;
  };

  const spawn = (): Worker => {
    const w = new Worker(url, {
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: CAP_WORKER_HEAP_MB },
    });
    w.unref();
    w.on('message', (r: CapReply) => {
      if ('ready' in r) {
        ready.add(w);
        if (current?.worker === w) startClock(current, w);
        return;
      }
      if (current?.seq !== r.seq) return;
      const job = settle() as Job;
      if (r.error) job.reject(errorOf(r.error));
      else job.resolve(r.result);
      pump();
    });
    w.on('error', (error: Error & { code?: string }) => {
      if (current?.worker !== w) return;
      const job = settle() as Job;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const message = `reading the body needed more than the reader's ${CAP_WORKER_HEAP_MB} MB`;
        job.reject(new AppError('cap.too_large', 400, message, [{ field: 'body', message }]));
      } else {
        o.log.error({ err: error }, 'CAP reader failed');
        job.reject(new AppError('server.unavailable', 503, 'The CAP reader stopped; send the body again'));
      }
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      if (current?.worker === w) {
        settle()?.reject(
          new AppError('server.unavailable', 503, 'The CAP reader stopped; send the body again'),
        );
      }
      pump();
    });
    return w;
  };

  /** The body's read time, from when its thread has loaded its code. */
  const startClock = (job: Job, w: Worker) => {
    timer = setTimeout(() => {
      if (current !== job) return;
      settle();
      const seconds = timeoutMs / 1000;
      job.reject(
        new AppError(
          'cap.parse_timeout',
          503,
          `reading the CAP body took longer than ${seconds} s and was stopped`,
          [{ field: 'body', message: `read time over ${seconds} s` }],
          5,
        ),
      );
      if (worker === w) worker = null;
      void w.terminate();
      pump();
    }, timeoutMs);
  };

  const pump = () => {
    if (closed || current) {
      if (!current) worker?.unref();
      return;
    }
    const job = queue.shift();
    if (!job) {
      worker?.unref();
      return;
    }
    worker ??= spawn();
    const w = worker;
    job.worker = w;
    current = job;
    w.ref();
    if (ready.has(w)) startClock(job, w);
    w.postMessage({ seq: job.seq, body: job.body }, [job.body.buffer as ArrayBuffer]);
  };

  // Started now, so the first body does not wait for the thread to load its code.
  worker = spawn();
  return {
    read(body) {
      if (closed) return Promise.reject(new AppError('server.unavailable', 503, 'The CAP reader is closed'));
      if (queue.length >= CAP_MAX_WAITING) {
        return Promise.reject(
          new AppError('ingest.overloaded', 503, 'CAP bodies are queued; retry shortly', undefined, 5),
        );
      }
      // A copy the worker owns (a request's Buffer may be a view of a shared pool).
      const copy = new Uint8Array(body);
      return new Promise((resolve, reject) => {
        queue.push({ seq: ++seq, body: copy, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        job.reject(new AppError('server.unavailable', 503, 'The CAP reader is closed'));
      }
      await worker?.terminate();
    },
  };
}
