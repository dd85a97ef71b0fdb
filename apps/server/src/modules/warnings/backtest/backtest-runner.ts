import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type BacktestWindow,
  backtestEndMs,
  type SiteBacktest,
} from '@thunderwatch/domain/warnings/backtest';
import type { TimedPredictedChanges } from '@thunderwatch/domain/warnings/backtest-predicted';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import {
  type FromBacktestWorker,
  packEngineStrokes,
  ReplayHost,
  type ReplayProgress,
  type ReplayRole,
  type ReplayStart,
  type ToBacktestWorker,
} from './backtest-host.js';

export type { ReplayProgress } from './backtest-host.js';

/** One backtest's replay, page by page (each `feed` answered before the next is made). */
export interface BacktestRunner {
  feed(strokes: readonly EngineStroke[]): Promise<ReplayProgress>;
  /**
   * The page that will probably be fed next, as soon as it is read: a replay with predictions starts its cell
   * tracker on it at once. Pages are fed in the order they were announced; one announced and never fed
   * (the replay ended first) changes nothing.
   */
  ahead?(strokes: readonly EngineStroke[]): void;
  finish(untilMs: number): Promise<{ results: SiteBacktest[] }>;
  close(): Promise<void>;
}

type Call = Exclude<ToBacktestWorker, { type: 'start' }>;

/** A replay thread, called one message at a time (several may be out; each answered in turn). */
interface ReplayPort {
  call(message: Call, transfer?: ArrayBuffer[]): Promise<FromBacktestWorker>;
  close(): Promise<void>;
}

const WORKER_URL = new URL('./backtest-worker.js', import.meta.url);

/**
 * The replay on worker threads, so that the rings' engine and the cell tracker (a step a simulated minute, up
 * to a few hundred ms in a great storm) never hold the thread that answers HTTP and sockets; on the calling
 * thread where there is no compiled worker (tests under vitest), with the same hosts. Without predictions
 * one thread replays everything. With them the cell tracker runs on a second thread beside the rings, a
 * page ahead of them, and hands its changes of predictions to the rings' thread with each page: the same
 * figures as one thread's (the rings never enter a prediction), in the time of the slower of the two.
 */
export function backtestRunner(start: ReplayStart): BacktestRunner {
  const onThreads = existsSync(fileURLToPath(WORKER_URL));
  const port = (role: ReplayRole) => (onThreads ? workerPort(start, role) : inlinePort(start, role));
  if (!start.sites.some((s) => s.predict)) return wholeRunner(port('backtest'));
  return splitRunner(port('rings'), port('track'), start.window);
}

/** One thread replays the rings and the predictions (the replay the split one must equal). */
export function inlineBacktestRunner(start: ReplayStart): BacktestRunner {
  return wholeRunner(inlinePort(start, 'backtest'));
}

/** The split replay on the calling thread (tests of the split itself). */
export function inlineSplitRunner(start: ReplayStart): BacktestRunner {
  return splitRunner(inlinePort(start, 'rings'), inlinePort(start, 'track'), start.window);
}

function wholeRunner(port: ReplayPort): BacktestRunner {
  let seq = 0;
  return {
    async feed(strokes) {
      const packed = packEngineStrokes(strokes);
      return progressOf(
        await port.call({ type: 'feed', seq: ++seq, packed }, [packed.buffer as ArrayBuffer]),
      );
    },
    async finish(untilMs) {
      return resultsOf(await port.call({ type: 'finish', seq: ++seq, untilMs }));
    },
    close: () => port.close(),
  };
}

function splitRunner(rings: ReplayPort, track: ReplayPort, window: BacktestWindow): BacktestRunner {
  let seq = 0;
  let nowMs = Number.NEGATIVE_INFINITY;
  /**
   * Pages the tracker has been given and the rings not yet: packed once (the tracker's copy transferred, the
   * rings' kept), with the changes the tracker answers for each.
   */
  const sent: {
    strokes: readonly EngineStroke[];
    packed: Float64Array;
    changes: Promise<TimedPredictedChanges[]>;
  }[] = [];
  const send = (strokes: readonly EngineStroke[]) => {
    const packed = packEngineStrokes(strokes);
    const forTracker = packed.slice();
    const changes = track
      .call({ type: 'feed', seq: ++seq, packed: forTracker }, [forTracker.buffer as ArrayBuffer])
      .then(changesOf);
    changes.catch(() => {});
    sent.push({ strokes, packed, changes });
  };
  return {
    ahead: send,
    async feed(strokes) {
      if (sent.length === 0) send(strokes);
      const page = sent.shift();
      if (page?.strokes !== strokes) throw new Error('pages must be fed in the order they were announced');
      const predicted = await page.changes;
      const { packed } = page;
      const progress = progressOf(
        await rings.call({ type: 'feed', seq: ++seq, packed, predicted }, [packed.buffer as ArrayBuffer]),
      );
      nowMs = progress.nowMs;
      return progress;
    },
    async finish(untilMs) {
      // The tracker runs on to the rings' end. A page it ran past their last (announced, not fed) only comes
      // when the replay stopped at that page's first stroke (past the window, nothing followed): all it found
      // is due after the end, and is dropped.
      sent.splice(0);
      const endMs = backtestEndMs(window, untilMs, nowMs);
      const predicted = changesOf(await track.call({ type: 'finish', seq: ++seq, untilMs: endMs }));
      return resultsOf(await rings.call({ type: 'finish', seq: ++seq, untilMs, predicted }));
    },
    async close() {
      await Promise.all([rings.close(), track.close()]);
    },
  };
}

const unexpected = () => new Error('unexpected answer of the backtest worker');
function progressOf(m: FromBacktestWorker): ReplayProgress {
  if (!('progress' in m)) throw unexpected();
  return m.progress;
}
function changesOf(m: FromBacktestWorker): TimedPredictedChanges[] {
  if (!('changes' in m)) throw unexpected();
  return m.changes;
}
function resultsOf(m: FromBacktestWorker): { results: SiteBacktest[] } {
  if (!('results' in m)) throw unexpected();
  return { results: m.results };
}

function inlinePort(start: ReplayStart, role: ReplayRole): ReplayPort {
  let host: ReplayHost | null = null;
  let failed: Error | null = null;
  try {
    host = new ReplayHost({ type: 'start', role, ...start });
  } catch (error) {
    failed = error as Error;
  }
  return {
    async call(message) {
      if (!host) throw failed;
      const m = host.handle(message);
      if ('error' in m) throw new Error(m.error);
      return m;
    },
    close: async () => {},
  };
}

/**
 * A replay thread of its own. Strokes go over as one Float64Array per page (transferred, not copied). The
 * thread ends with `close`; one that dies fails every call waiting on it.
 */
function workerPort(start: ReplayStart, role: ReplayRole): ReplayPort {
  const worker = new Worker(WORKER_URL);
  worker.unref();
  const waiting = new Map<number, { resolve: (m: FromBacktestWorker) => void; reject: (e: Error) => void }>();
  let dead: Error | null = null;
  const fail = (error: Error) => {
    dead ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('message', (msg: FromBacktestWorker) => {
    const w = waiting.get(msg.seq);
    if (!w) return;
    waiting.delete(msg.seq);
    if ('error' in msg) w.reject(new Error(msg.error));
    else w.resolve(msg);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('backtest worker exited')));
  worker.postMessage({ type: 'start', role, ...start } satisfies ToBacktestWorker);
  return {
    call(message, transfer = []) {
      if (dead) return Promise.reject(dead);
      return new Promise<FromBacktestWorker>((resolve, reject) => {
        waiting.set(message.seq, { resolve, reject });
        worker.postMessage(message, transfer);
      });
    },
    async close() {
      fail(new Error('backtest runner closed'));
      await worker.terminate();
    },
  };
}
