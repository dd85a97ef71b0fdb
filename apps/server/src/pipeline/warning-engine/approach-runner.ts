import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import type { FastifyBaseLogger } from 'fastify';
import { type ApproachJob, ApproachPlanner, type ApproachRound } from './approach-planner.js';

type FlashStroke = Pick<EngineStroke, 'timeMs' | 'lat' | 'lon' | 'flashId'>;

/** Messages to the approach worker. */
export type ToApproachWorker =
  | { type: 'add'; packed: Float64Array }
  | { type: 'run'; seq: number; jobs: ApproachJob[]; nowMs: number };

/**
 * Where storm approaches are estimated: the recent flashes go in as the engine receives them, and a round
 * of estimates is asked for on each tick. At most one round is out at a time.
 */
export interface ApproachRunner {
  add(strokes: readonly FlashStroke[]): void;
  /**
   * Starts a round; `onDone` gets its result (inline at once, else from the worker), an empty one if the
   * worker died. False, and no `onDone`, while a round is out or the worker is down.
   */
  run(jobs: ApproachJob[], nowMs: number, onDone: (round: ApproachRound) => void): boolean;
  close(): Promise<void>;
}

/** Estimates on the calling thread (tests, and a build without the compiled worker). */
export function inlineApproachRunner(planner = new ApproachPlanner()): ApproachRunner {
  return {
    add: (strokes) => planner.add(strokes),
    run: (jobs, nowMs, onDone) => {
      onDone(planner.run(jobs, nowMs));
      return true;
    },
    close: async () => {},
  };
}

const WORKER_URL = new URL('./approach-worker.js', import.meta.url);
const RESPAWN_MS = 5000;

/**
 * Estimates on a worker thread, so that clustering a dense storm never holds the thread that answers HTTP
 * and sockets. Strokes go over as one Float64Array per batch (transferred, not
 * copied). Under vitest the sources are TypeScript and there is no compiled worker: estimates run inline.
 */
export function approachRunner(log: FastifyBaseLogger): ApproachRunner {
  if (!existsSync(fileURLToPath(WORKER_URL))) return inlineApproachRunner();
  let seq = 0;
  let waiting: { seq: number; onDone: (round: ApproachRound) => void } | null = null;
  let closed = false;
  let worker: Worker | null = null;
  const fail = () => {
    const failed = waiting;
    waiting = null;
    failed?.onDone({ done: [], flashes: 0, cells: 0, ms: 0 });
  };
  const spawn = () => {
    const w = new Worker(WORKER_URL);
    w.unref();
    w.on('message', (msg: { seq: number; round: ApproachRound }) => {
      if (waiting?.seq !== msg.seq) return;
      const { onDone } = waiting;
      waiting = null;
      onDone(msg.round);
    });
    w.on('error', (error) => log.error({ err: error }, 'approach worker failed'));
    // A worker that died is started again after a pause, with no flashes: estimates read 'unknown' until
    // the storm has history again. Meanwhile no round starts.
    w.on('exit', () => {
      if (closed) return;
      worker = null;
      fail();
      setTimeout(() => {
        if (!closed) worker = spawn();
      }, RESPAWN_MS).unref();
    });
    return w;
  };
  worker = spawn();
  return {
    add(strokes) {
      const packed = packStrokes(strokes);
      worker?.postMessage({ type: 'add', packed } satisfies ToApproachWorker, [packed.buffer as ArrayBuffer]);
    },
    run(jobs, nowMs, onDone) {
      if (waiting || !worker) return false;
      waiting = { seq: ++seq, onDone };
      worker.postMessage({ type: 'run', seq, jobs, nowMs } satisfies ToApproachWorker);
      return true;
    },
    async close() {
      closed = true;
      waiting = null;
      await worker?.terminate();
    },
  };
}

/** time, lat, lon, flash id (NaN for none) per stroke. */
export function packStrokes(strokes: readonly FlashStroke[]): Float64Array {
  const out = new Float64Array(strokes.length * 4);
  strokes.forEach((s, i) => {
    out.set([s.timeMs, s.lat, s.lon, s.flashId ?? Number.NaN], i * 4);
  });
  return out;
}

export function unpackStrokes(packed: Float64Array): FlashStroke[] {
  const out: FlashStroke[] = [];
  for (let i = 0; i < packed.length; i += 4) {
    const id = packed[i + 3] as number;
    out.push({
      timeMs: packed[i] as number,
      lat: packed[i + 1] as number,
      lon: packed[i + 2] as number,
      flashId: Number.isNaN(id) ? null : id,
    });
  }
  return out;
}
