import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../lib/app-error.js';
import { readCapBody } from './cap-read.js';
import type { CapReply } from './cap-reader.js';

/**
 * The CAP reader's thread: limits, tree, schema (its own xmllint thread) and signatures of one body at a
 * time, so none of it holds the thread that answers HTTP.
 */
parentPort?.on('message', async (msg: { seq: number; body: Uint8Array }) => {
  let reply: CapReply;
  try {
    const body = Buffer.from(msg.body.buffer, msg.body.byteOffset, msg.body.byteLength);
    reply = { seq: msg.seq, result: await readCapBody(body) };
  } catch (error) {
    reply = {
      seq: msg.seq,
      error:
        error instanceof AppError
          ? { code: error.code, statusCode: error.statusCode, message: error.message, details: error.details }
          : { message: (error as Error).message ?? String(error) },
    };
  }
  parentPort?.postMessage(reply);
});
// Loaded: a body's read time counts from here, not from the thread's start.
parentPort?.postMessage({ ready: true });
