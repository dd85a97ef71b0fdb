import { parentPort } from 'node:worker_threads';
import { runJob } from './model-jobs.js';
import type { FromModelWorker, ToModelWorker } from './model-runner.js';

/** The model worker's thread: computes one job at a time, reporting progress, and answers with its result. */
parentPort?.on('message', ({ seq, job }: ToModelWorker) => {
  const post = (msg: FromModelWorker, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(msg, transfer);
  let last = 0;
  try {
    const result = runJob(job, (fraction) => {
      // A progress message per percent at most.
      if (fraction - last < 0.01 && fraction < 1) return;
      last = fraction;
      post({ seq, type: 'progress', fraction });
    });
    const transfer = result.kind === 'output' ? result.frames.map((f) => f.data.buffer as ArrayBuffer) : [];
    post({ seq, type: 'done', result }, transfer);
  } catch (error) {
    post({ seq, type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
