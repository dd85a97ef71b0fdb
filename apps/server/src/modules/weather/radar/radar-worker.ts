import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../lib/app-error.js';
import type { DecodeLimits } from './decode-budget.js';
import { hdf5MemoryBytes, loadHdf5 } from './odim.js';
import { type PrepareInput, prepareFrame } from './prepare-frame.js';
import type { ErrorShape } from './radar-frame.js';

/** Data the preparer starts the worker with. */
export interface RadarWorkerData {
  limits: DecodeLimits;
}

/**
 * The radar worker's thread: decodes, draws and packs one frame at a time, and says with each answer how
 * much WebAssembly memory the HDF5 library holds, so the preparer (radar-preparer.ts) ends it once that has
 * grown, which gives the memory back.
 */
const { limits } = workerData as RadarWorkerData;
void loadHdf5();
parentPort?.on('message', async (msg: { seq: number; input: PrepareInput }) => {
  try {
    const frame = await prepareFrame(msg.input, limits);
    parentPort?.postMessage({ seq: msg.seq, frame, wasmBytes: await hdf5MemoryBytes() }, [
      frame.grid.buffer as ArrayBuffer,
      frame.png.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    const e = error as Error;
    const shape: ErrorShape | { message: string } =
      error instanceof AppError
        ? { code: error.code, statusCode: error.statusCode, message: error.message, details: error.details }
        : { message: e.message ?? String(error) };
    parentPort?.postMessage({ seq: msg.seq, error: shape, wasmBytes: await hdf5MemoryBytes() });
  }
});
