import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  Backtest,
  type BacktestSite,
  type BacktestWindow,
  type SiteBacktest,
} from '@thunderwatch/domain/warnings/backtest';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';

/** Messages to the backtest worker. */
export type ToBacktestWorker =
  | { type: 'start'; sites: BacktestSite[]; window: BacktestWindow; stepDelayMs: number }
  | { type: 'feed'; seq: number; packed: Float64Array }
  | { type: 'finish'; seq: number; untilMs: number };

/** Where the replay stands after a page: the simulated clock, and whether a warning begun in the window is on. */
export interface ReplayProgress {
  nowMs: number;
  following: boolean;
}

export type FromBacktestWorker =
  | { seq: number; progress: ReplayProgress }
  | { seq: number; results: SiteBacktest[]; trackerSteps: number | null }
  | { seq: number; error: string };

/** One backtest's replay, page by page (each call answered before the next is made). */
export interface BacktestRunner {
  feed(strokes: readonly EngineStroke[]): Promise<ReplayProgress>;
  finish(untilMs: number): Promise<{ results: SiteBacktest[]; trackerSteps: number | null }>;
  close(): Promise<void>;
}

type Start = Extract<ToBacktestWorker, { type: 'start' }>;

/** The replay on the calling thread (tests: under vitest there is no compiled worker). */
export function inlineBacktestRunner(start: Omit<Start, 'type'>): BacktestRunner {
  const run = new Backtest(start.sites, start.window, start.stepDelayMs);
  return {
    feed: async (strokes) => {
      run.feed(strokes);
      return { nowMs: run.nowMs, following: run.following };
    },
    finish: async (untilMs) => ({
      results: run.finish(untilMs),
      trackerSteps: run.trackerStats?.steps ?? null,
    }),
    close: async () => {},
  };
}

const WORKER_URL = new URL('./backtest-worker.js', import.meta.url);

/**
 * The replay on a worker thread of its own, so that the rings' engine and the cell tracker (a step a
 * simulated minute, up to a few hundred ms in a great storm) never hold the thread that answers HTTP and
 * sockets. Strokes go over as one Float64Array per page (transferred, not copied). The worker ends with
 * `close`; one that dies fails the call waiting on it.
 */
export function backtestRunner(start: Omit<Start, 'type'>): BacktestRunner {
  if (!existsSync(fileURLToPath(WORKER_URL))) return inlineBacktestRunner(start);
  const worker = new Worker(WORKER_URL);
  worker.unref();
  let seq = 0;
  let waiting: { seq: number; resolve: (m: FromBacktestWorker) => void; reject: (e: Error) => void } | null =
    null;
  let dead: Error | null = null;
  const fail = (error: Error) => {
    dead ??= error;
    const w = waiting;
    waiting = null;
    w?.reject(error);
  };
  worker.on('message', (msg: FromBacktestWorker) => {
    if (waiting?.seq !== msg.seq) return;
    const w = waiting;
    waiting = null;
    if ('error' in msg) w.reject(new Error(msg.error));
    else w.resolve(msg);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('backtest worker exited')));
  worker.postMessage({ type: 'start', ...start } satisfies ToBacktestWorker);
  const ask = (message: ToBacktestWorker, transfer: ArrayBuffer[] = []) => {
    if (dead) return Promise.reject(dead);
    if (waiting) return Promise.reject(new Error('a backtest call is already out'));
    return new Promise<FromBacktestWorker>((resolve, reject) => {
      waiting = { seq, resolve, reject };
      worker.postMessage(message, transfer);
    });
  };
  return {
    async feed(strokes) {
      const packed = packEngineStrokes(strokes);
      const m = await ask({ type: 'feed', seq: ++seq, packed }, [packed.buffer as ArrayBuffer]);
      if (!('progress' in m)) throw new Error('unexpected answer of the backtest worker');
      return m.progress;
    },
    async finish(untilMs) {
      const m = await ask({ type: 'finish', seq: ++seq, untilMs });
      if (!('results' in m)) throw new Error('unexpected answer of the backtest worker');
      return { results: m.results, trackerSteps: m.trackerSteps };
    },
    async close() {
      fail(new Error('backtest runner closed'));
      await worker.terminate();
    },
  };
}

const FIELDS = 6;

/** time, lat, lon, IC (1/0), kA, flash id (NaN for none) per stroke. */
export function packEngineStrokes(strokes: readonly EngineStroke[]): Float64Array {
  const out = new Float64Array(strokes.length * FIELDS);
  strokes.forEach((s, i) => {
    out.set([s.timeMs, s.lat, s.lon, s.isIc ? 1 : 0, s.peakKa, s.flashId ?? Number.NaN], i * FIELDS);
  });
  return out;
}

export function unpackEngineStrokes(packed: Float64Array): EngineStroke[] {
  const out: EngineStroke[] = [];
  for (let i = 0; i < packed.length; i += FIELDS) {
    const flash = packed[i + 5] as number;
    out.push({
      timeMs: packed[i] as number,
      lat: packed[i + 1] as number,
      lon: packed[i + 2] as number,
      isIc: packed[i + 3] === 1,
      peakKa: packed[i + 4] as number,
      flashId: Number.isNaN(flash) ? null : flash,
    });
  }
  return out;
}
