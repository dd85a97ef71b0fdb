import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Progress } from '@thunderwatch/domain/models/model-grid';
import type { FastifyBaseLogger } from 'fastify';
import { type JobResult, type ModelJob, runJob } from './model-jobs.js';

/** Messages between the runner and the model worker. */
export type ToModelWorker = { seq: number; job: ModelJob };
export type FromModelWorker =
  | { seq: number; type: 'progress'; fraction: number }
  | { seq: number; type: 'done'; result: JobResult }
  | { seq: number; type: 'failed'; message: string };

/** Where the heavy part of a model run is computed (see model-jobs.ts). */
export interface ModelRunner {
  run(job: ModelJob, onProgress?: Progress): Promise<JobResult>;
  close(): Promise<void>;
}

/** Computes on the calling thread (tests, and a build without the compiled worker). */
export function inlineModelRunner(): ModelRunner {
  return {
    run: async (job, onProgress) => runJob(job, onProgress ?? (() => {})),
    close: async () => {},
  };
}

const WORKER_URL = new URL('./model-worker.js', import.meta.url);

/**
 * Computes on a worker thread, so that a continent of storm cells or 72 h of a busy region's strokes never
 * holds the thread that answers HTTP and sockets. Jobs take turns on the one worker. A worker that dies
 * fails the jobs it held (their runs fail with the reason) and is started again for the next job. Under
 * vitest the sources are TypeScript and there is no compiled worker: jobs run inline.
 */
export function modelRunner(log: FastifyBaseLogger): ModelRunner {
  if (!existsSync(fileURLToPath(WORKER_URL))) return inlineModelRunner();
  let seq = 0;
  let worker: Worker | null = null;
  const pending = new Map<
    number,
    { resolve: (r: JobResult) => void; reject: (e: Error) => void; onProgress?: Progress }
  >();
  const failAll = (message: string) => {
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
  };
  const spawn = () => {
    const w = new Worker(WORKER_URL);
    w.unref();
    w.on('message', (msg: FromModelWorker) => {
      const p = pending.get(msg.seq);
      if (!p) return;
      if (msg.type === 'progress') p.onProgress?.(msg.fraction);
      else {
        pending.delete(msg.seq);
        if (msg.type === 'done') p.resolve(msg.result);
        else p.reject(new Error(msg.message));
      }
    });
    w.on('error', (error) => log.error({ err: error }, 'model worker failed'));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll('the model worker stopped while computing');
    });
    return w;
  };
  return {
    run(job, onProgress) {
      worker ??= spawn();
      const id = ++seq;
      return new Promise<JobResult>((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
        const transfer = buffersOf(job);
        (worker as Worker).postMessage({ seq: id, job } satisfies ToModelWorker, transfer);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failAll('the server is stopping');
      await w?.terminate();
    },
  };
}

/** The stroke arrays of a job, handed over to the worker instead of copied. */
function buffersOf(job: ModelJob): ArrayBuffer[] {
  if (job.kind === 'lightning_forecast') return [job.flashes.buffer as ArrayBuffer];
  if (job.kind === 'fire_risk') return [job.strokes.buffer as ArrayBuffer];
  return [];
}
