import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { type DecodeLimits, tooLarge } from './decode-budget.js';
import { type PrepareInput, prepareFrame } from './prepare-frame.js';
import type { ErrorShape, PreparedFrame } from './radar-frame.js';
import type { RadarWorkerData } from './radar-worker.js';

/** Where frames are decoded and drawn. */
export interface RadarPreparer {
  prepare(input: PrepareInput): Promise<PreparedFrame>;
  close(): Promise<void>;
}

/** On the calling thread (tests, and a build without the compiled worker). */
export function inlinePreparer(limits: DecodeLimits): RadarPreparer {
  return { prepare: (input) => prepareFrame(input, limits), close: async () => {} };
}

const WORKER_URL = new URL('./radar-worker.js', import.meta.url);
/** Frames waiting for the worker (the one in hand included) before an ingest is told to come back later. */
export const MAX_WAITING = 8;

export interface RadarPreparerOptions {
  limits: DecodeLimits;
  /** The compiled worker: by default beside this module (tests name the build's). */
  workerUrl?: URL;
  /** The worker's V8 heap limits: by default `workerResourceLimits(limits)`. */
  resourceLimits?: ResourceLimits;
  /** Node's options for the worker: by default this process's. */
  execArgv?: string[];
}

/** A preparer on worker threads, and how many workers it has started. */
export interface WorkerPreparer extends RadarPreparer {
  workersStarted(): number;
}

/**
 * The worker's V8 heap: the budget (the codes and bands are typed arrays, outside it, but the frame's
 * drawing and projection tables are not), at least 256 MB. Its WebAssembly memory is bounded by the
 * header check (`checkOdimCost`), which refuses a file before the HDF5 library grows into it.
 */
export function workerResourceLimits(limits: DecodeLimits): ResourceLimits {
  return {
    maxOldGenerationSizeMb: Math.max(256, Math.ceil(limits.maxBytes / 2 ** 20)),
    maxYoungGenerationSizeMb: 32,
  };
}

type Reply = {
  seq: number;
  frame?: PreparedFrame;
  error?: ErrorShape | { message: string };
  /** The worker's WebAssembly memory after the frame. */
  wasmBytes?: number;
};
/**
 * A worker whose WebAssembly memory (18 MB once the HDF5 library is loaded; reading a 1,100 × 1,200 composite
 * in bands of whole chunks adds nothing) has grown past this is ended after its frame: that memory never shrinks while it
 * lives. One that has not is kept for the next frame, with the projections and drawing tables it has cached.
 */
export const RECYCLE_WASM_BYTES = 64 * 2 ** 20;
type Job = {
  input: PrepareInput;
  resolve: (f: PreparedFrame) => void;
  reject: (e: Error) => void;
};

function errorOf(shape: ErrorShape | { message: string }): Error {
  return 'code' in shape
    ? new AppError(shape.code, shape.statusCode, shape.message, shape.details)
    : new Error(shape.message);
}

/**
 * Decoding an HDF5 file and drawing a 1,000 × 1,000 grid take tens to hundreds of milliseconds: on a worker
 * thread they never hold the thread that answers HTTP and sockets. One frame at a time, in order. A worker
 * whose WebAssembly memory has grown past `RECYCLE_WASM_BYTES` is ended when it has answered: that memory
 * never shrinks while it lives, and goes back to the system with it; the next worker is started then, so it
 * has loaded the library by the next frame. A worker that runs out of its heap fails its frame with 400
 * `radar.too_large`; one that stops otherwise, with 503 (send it again).
 */
export function radarPreparer(log: FastifyBaseLogger, options: RadarPreparerOptions): RadarPreparer {
  const url = options.workerUrl ?? WORKER_URL;
  return existsSync(fileURLToPath(url))
    ? workerPreparer(log, { ...options, workerUrl: url })
    : inlinePreparer(options.limits);
}

/** The preparer on worker threads (see `radarPreparer`). */
export function workerPreparer(
  log: FastifyBaseLogger,
  options: RadarPreparerOptions & { workerUrl: URL },
): WorkerPreparer {
  const url = options.workerUrl;
  const resourceLimits = options.resourceLimits ?? workerResourceLimits(options.limits);
  const workerData: RadarWorkerData = { limits: options.limits };
  const queue: Job[] = [];
  let running: { job: Job; worker: Worker } | null = null;
  let spare: Worker | null = null;
  let closed = false;
  let started = 0;
  let seq = 0;

  const spawn = () => {
    started++;
    const w = new Worker(url, { workerData, resourceLimits, execArgv: options.execArgv });
    w.unref();
    // Always listened to: an 'error' nobody listens to would be thrown on this thread.
    w.on('error', (error) => log.error({ err: error }, 'radar worker failed'));
    w.once('exit', () => {
      if (spare === w) spare = null;
    });
    return w;
  };
  /** Starts the next frame's worker; one that ends before it is used is not started again until needed. */
  const warm = () => {
    if (closed || spare) return;
    spare = spawn();
  };

  const next = () => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    const worker = spare ?? spawn();
    spare = null;
    // Held while it works for a caller: a worker waiting for a frame does not keep the process up.
    worker.ref();
    running = { job, worker };
    const id = ++seq;
    let outOfMemory = false;
    /** Answers the job, then keeps the worker for the next frame or ends it (and starts the next one). */
    const done = (answer: () => void, keep: boolean) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      answer();
      running = null;
      if (keep && !closed) {
        worker.unref();
        spare = worker;
      } else {
        void worker.terminate();
        warm();
      }
      next();
    };
    const onMessage = (msg: Reply) => {
      if (msg.seq !== id) return;
      const keep = msg.wasmBytes !== undefined && msg.wasmBytes <= RECYCLE_WASM_BYTES;
      done(
        () =>
          msg.frame
            ? job.resolve(msg.frame)
            : job.reject(errorOf(msg.error ?? { message: 'radar worker answered nothing' })),
        keep,
      );
    };
    const onError = (error: Error) => {
      outOfMemory ||= (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    };
    const onExit = () =>
      done(
        () =>
          job.reject(
            outOfMemory
              ? tooLarge(
                  `decoding the file took more than the ${resourceLimits.maxOldGenerationSizeMb} MB of heap the radar worker is given (RADAR_DECODE_MAX_MB)`,
                )
              : new AppError('server.unavailable', 503, 'The radar worker stopped; send the frame again'),
          ),
        false,
      );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    const transfer =
      job.input.kind === 'frame'
        ? [job.input.frame.raw.buffer as ArrayBuffer]
        : [job.input.bytes.buffer as ArrayBuffer];
    worker.postMessage({ seq: id, input: job.input }, transfer);
  };

  warm();
  return {
    prepare(input) {
      if (closed)
        return Promise.reject(new AppError('server.unavailable', 503, 'The radar worker is not running'));
      if (queue.length + (running ? 1 : 0) >= MAX_WAITING) {
        return Promise.reject(
          new AppError('ingest.overloaded', 503, 'Radar frames are queued; retry shortly', undefined, 5),
        );
      }
      return new Promise((resolve, reject) => {
        queue.push({ input, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new AppError('server.unavailable', 503, 'The radar worker is not running'));
      await Promise.all([spare?.terminate(), running?.worker.terminate()]);
    },
    workersStarted: () => started,
  };
}
