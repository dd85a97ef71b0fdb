import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { type PrepareInput, prepareFrame } from './prepare-frame.js';
import type { ErrorShape, PreparedFrame } from './radar-frame.js';

/** Where frames are decoded and drawn. */
export interface RadarPreparer {
  prepare(input: PrepareInput): Promise<PreparedFrame>;
  close(): Promise<void>;
}

/** On the calling thread (tests, and a build without the compiled worker). */
export const inlinePreparer: RadarPreparer = { prepare: prepareFrame, close: async () => {} };

const WORKER_URL = new URL('./radar-worker.js', import.meta.url);
/** Frames waiting for the worker before an ingest is told to come back later. */
export const MAX_WAITING = 8;

type Reply = { seq: number; frame?: PreparedFrame; error?: ErrorShape | { message: string } };

function errorOf(shape: ErrorShape | { message: string }): Error {
  return 'code' in shape
    ? new AppError(shape.code, shape.statusCode, shape.message, shape.details)
    : new Error(shape.message);
}

/**
 * Decoding an HDF5 file and drawing a 1,000 × 1,000 grid take tens to hundreds of milliseconds: on a worker
 * thread they never hold the thread that answers HTTP and sockets. One frame at a time, in order; a worker
 * that dies fails the frames it held and is started again.
 */
export function radarPreparer(log: FastifyBaseLogger): RadarPreparer {
  if (!existsSync(fileURLToPath(WORKER_URL))) return inlinePreparer;
  const waiting = new Map<number, { resolve: (f: PreparedFrame) => void; reject: (e: Error) => void }>();
  let seq = 0;
  let closed = false;
  let worker: Worker | null = null;
  const spawn = () => {
    const w = new Worker(WORKER_URL);
    w.unref();
    w.on('message', (msg: Reply) => {
      const entry = waiting.get(msg.seq);
      if (!entry) return;
      waiting.delete(msg.seq);
      if (msg.frame) entry.resolve(msg.frame);
      else entry.reject(errorOf(msg.error ?? { message: 'radar worker answered nothing' }));
    });
    w.on('error', (error) => log.error({ err: error }, 'radar worker failed'));
    w.on('exit', () => {
      worker = null;
      for (const entry of waiting.values()) {
        entry.reject(
          new AppError('server.unavailable', 503, 'The radar worker stopped; send the frame again'),
        );
      }
      waiting.clear();
      if (!closed) worker = spawn();
    });
    return w;
  };
  worker = spawn();
  return {
    prepare(input) {
      if (!worker)
        return Promise.reject(new AppError('server.unavailable', 503, 'The radar worker is not running'));
      if (waiting.size >= MAX_WAITING) {
        return Promise.reject(
          new AppError('ingest.overloaded', 503, 'Radar frames are queued; retry shortly', undefined, 5),
        );
      }
      const id = ++seq;
      const transfer =
        input.kind === 'frame'
          ? [input.frame.raw.buffer as ArrayBuffer]
          : [input.bytes.buffer as ArrayBuffer];
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker?.postMessage({ seq: id, input }, transfer);
      });
    },
    async close() {
      closed = true;
      await worker?.terminate();
    },
  };
}
