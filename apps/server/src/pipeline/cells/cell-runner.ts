import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CellTrackerState } from '@thunderwatch/domain/cells/cell-tracker';
import type { FastifyBaseLogger } from 'fastify';
import type { TrackerStroke } from '../../modules/lightning/cells/cells-repo.js';
import { RadarFiles } from '../../modules/weather/radar/radar-files.js';
import { type CellRadarFrame, CellRadarReader } from './cell-radar.js';
import { CellStepper, type CellStepResult, packTrackerStrokes } from './cell-stepper.js';

/** Messages to the cell worker. */
export type ToCellWorker =
  | { type: 'reset'; state: CellTrackerState | null; idPrefix?: string }
  | { type: 'add'; packed: Float64Array }
  | { type: 'step'; seq: number; nowMs: number; radar: CellRadarFrame | null };

/** What the cell worker starts with: where the radar frames' files are (RADAR_DIR). */
export interface CellWorkerData {
  radarDir: string;
}

/** Where tracker steps run: strokes and the starting state go in, each step's cells come back. */
export interface CellRunner {
  /** Starts from `state`; cells born after get ids with `idPrefix` (`r` for a re-step, none live). */
  reset(state: CellTrackerState | null, idPrefix?: string): void;
  add(strokes: readonly TrackerStroke[]): void;
  /**
   * One step, with the newest reflectivity frame for it (read where the step runs). Rejects if the step
   * failed or the worker died. Steps are asked one at a time.
   */
  step(nowMs: number, radar: CellRadarFrame | null): Promise<CellStepResult>;
  close(): Promise<void>;
}

/** Steps on the calling thread (tests: under vitest there is no compiled worker). */
export function inlineCellRunner(radarDir: string): CellRunner {
  const stepper = new CellStepper(new CellRadarReader(new RadarFiles(radarDir)));
  return {
    reset: (state, idPrefix) => stepper.reset(state, idPrefix),
    add: (strokes) => stepper.add(strokes),
    step: (nowMs, radar) => stepper.step(nowMs, radar),
    close: async () => {},
  };
}

const WORKER_URL = new URL('./cell-worker.js', import.meta.url);

/**
 * Steps on a worker thread, so that clustering and outlining a storm never holds the thread that answers
 * HTTP and sockets. A worker that dies fails its step; the tracker's term then ends and the next one starts
 * from the stored state (the leadership tries again), like after a restart.
 */
export function cellRunner(log: FastifyBaseLogger, radarDir: string): CellRunner {
  if (!existsSync(fileURLToPath(WORKER_URL))) return inlineCellRunner(radarDir);
  const worker = new Worker(WORKER_URL, { workerData: { radarDir } satisfies CellWorkerData });
  worker.unref();
  let seq = 0;
  let waiting: { seq: number; resolve: (r: CellStepResult) => void; reject: (e: Error) => void } | null =
    null;
  let dead: Error | null = null;
  const fail = (error: Error) => {
    const w = waiting;
    waiting = null;
    w?.reject(error);
  };
  worker.on('message', (msg: { seq: number; result?: CellStepResult; error?: string }) => {
    if (waiting?.seq !== msg.seq) return;
    const w = waiting;
    waiting = null;
    if (msg.result) w.resolve(msg.result);
    else w.reject(new Error(msg.error ?? 'cell step failed'));
  });
  worker.on('error', (error) => {
    log.error({ err: error }, 'cell worker failed');
    fail(error);
  });
  worker.on('exit', () => {
    dead = new Error('cell worker exited');
    fail(dead);
  });
  return {
    reset: (state, idPrefix) => worker.postMessage({ type: 'reset', state, idPrefix } satisfies ToCellWorker),
    add(strokes) {
      const packed = packTrackerStrokes(strokes);
      worker.postMessage({ type: 'add', packed } satisfies ToCellWorker, [packed.buffer as ArrayBuffer]);
    },
    step(nowMs, radar) {
      if (dead) return Promise.reject(dead);
      if (waiting) return Promise.reject(new Error('a cell step is already running'));
      return new Promise((resolve, reject) => {
        waiting = { seq: ++seq, resolve, reject };
        worker.postMessage({ type: 'step', seq, nowMs, radar } satisfies ToCellWorker);
      });
    },
    async close() {
      dead = new Error('cell runner closed');
      fail(dead);
      await worker.terminate();
    },
  };
}
