import { parentPort } from 'node:worker_threads';
import { type FromBacktestWorker, ReplayHost, type ToBacktestWorker } from './backtest-host.js';

/** A replay thread: one host (backtest-host.ts), started once, fed a page at a time, finished once. */
let host: ReplayHost | null = null;
let failed = 'the backtest was not started';
const answer = (m: FromBacktestWorker) => parentPort?.postMessage(m);
parentPort?.on('message', (msg: ToBacktestWorker) => {
  if (msg.type === 'start') {
    try {
      host = new ReplayHost(msg);
    } catch (error) {
      failed = (error as Error).message;
    }
    return;
  }
  answer(host ? host.handle(msg) : { seq: msg.seq, error: failed });
});
