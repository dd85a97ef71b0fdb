import { parentPort } from 'node:worker_threads';
import { ApproachPlanner } from './approach-planner.js';
import { type ToApproachWorker, unpackStrokes } from './approach-runner.js';

/** The approach worker's thread: keeps its own recent flashes and answers each round with its estimates. */
const planner = new ApproachPlanner();
parentPort?.on('message', (msg: ToApproachWorker) => {
  if (msg.type === 'add') planner.add(unpackStrokes(msg.packed));
  else parentPort?.postMessage({ seq: msg.seq, round: planner.run(msg.jobs, msg.nowMs), size: planner.size });
});
