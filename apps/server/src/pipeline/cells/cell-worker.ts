import { parentPort, workerData } from 'node:worker_threads';
import { RadarFiles } from '../../modules/weather/radar/radar-files.js';
import { CellRadarReader } from './cell-radar.js';
import type { CellWorkerData, ToCellWorker } from './cell-runner.js';
import { CellStepper, unpackTrackerStrokes } from './cell-stepper.js';

/**
 * The cell worker's thread: keeps the recent strokes and the tracker's state, and answers each step. A step
 * reads its radar frame's file, so messages are handled one after another: strokes that arrive meanwhile
 * wait for the step before them to end.
 */
const { radarDir } = workerData as CellWorkerData;
const stepper = new CellStepper(new CellRadarReader(new RadarFiles(radarDir)));
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (msg: ToCellWorker) => {
  queue = queue.then(async () => {
    if (msg.type === 'reset') stepper.reset(msg.state, msg.idPrefix);
    else if (msg.type === 'add') stepper.add(unpackTrackerStrokes(msg.packed));
    else {
      try {
        parentPort?.postMessage({ seq: msg.seq, result: await stepper.step(msg.nowMs, msg.radar) });
      } catch (error) {
        parentPort?.postMessage({ seq: msg.seq, error: (error as Error).message });
      }
    }
  });
});
