import { parentPort } from 'node:worker_threads';
import { Backtest } from '@thunderwatch/domain/warnings/backtest';
import { type FromBacktestWorker, type ToBacktestWorker, unpackEngineStrokes } from './backtest-runner.js';

/** A backtest worker's thread: one replay, fed a page at a time, finished once. */
let run: Backtest | null = null;
let failed = 'the backtest was not started';
const answer = (m: FromBacktestWorker) => parentPort?.postMessage(m);
parentPort?.on('message', (msg: ToBacktestWorker) => {
  if (msg.type === 'start') {
    try {
      run = new Backtest(msg.sites, msg.window, msg.stepDelayMs);
    } catch (error) {
      failed = (error as Error).message;
    }
    return;
  }
  try {
    if (!run) throw new Error(failed);
    if (msg.type === 'feed') {
      run.feed(unpackEngineStrokes(msg.packed));
      answer({ seq: msg.seq, progress: { nowMs: run.nowMs, following: run.following } });
    } else {
      answer({
        seq: msg.seq,
        results: run.finish(msg.untilMs),
        trackerSteps: run.trackerStats?.steps ?? null,
      });
    }
  } catch (error) {
    answer({ seq: msg.seq, error: (error as Error).message });
  }
});
