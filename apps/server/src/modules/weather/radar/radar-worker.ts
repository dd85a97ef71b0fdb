import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../lib/app-error.js';
import { loadHdf5 } from './odim.js';
import { type PrepareInput, prepareFrame } from './prepare-frame.js';
import type { ErrorShape } from './radar-frame.js';

/** The radar worker's thread: decodes, draws and packs one frame at a time. */
void loadHdf5();
parentPort?.on('message', async (msg: { seq: number; input: PrepareInput }) => {
  try {
    const frame = await prepareFrame(msg.input);
    parentPort?.postMessage({ seq: msg.seq, frame }, [
      frame.grid.buffer as ArrayBuffer,
      frame.png.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    const e = error as Error;
    const shape: ErrorShape | { message: string } =
      error instanceof AppError
        ? { code: error.code, statusCode: error.statusCode, message: error.message, details: error.details }
        : { message: e.message ?? String(error) };
    parentPort?.postMessage({ seq: msg.seq, error: shape });
  }
});
