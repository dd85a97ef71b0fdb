import { parentPort } from 'node:worker_threads';
import type { ToCellWorker } from './cell-runner.js';
import { CellStepper, unpackTrackerStrokes } from './cell-stepper.js';

/** The cell worker's thread: keeps the recent strokes and the tracker's state, and answers each step. */
const stepper = new CellStepper();
parentPort?.on('message', (msg: ToCellWorker) => {
  if (msg.type === 'reset') stepper.reset(msg.state);
  else if (msg.type === 'add') stepper.add(unpackTrackerStrokes(msg.packed));
  else {
    try {
      parentPort?.postMessage({ seq: msg.seq, result: stepper.step(msg.nowMs) });
    } catch (error) {
      parentPort?.postMessage({ seq: msg.seq, error: (error as Error).message });
    }
  }
});
