// A setup file of every unit test file: a test that blocks its thread (a loop that never ends) cannot be
// stopped by Vitest's timeouts, which are timers on that same thread, and the run would hang in silence. A
// watchdog thread per test worker hears a heartbeat from the test thread every second; when it stops for
// TEST_HANG_SECONDS (default 120), it prints the file and test that was running and ends the worker, which
// fails the run with that name.
import { Worker } from 'node:worker_threads';
import { beforeEach, expect } from 'vitest';

interface Watchdog {
  beat: Int32Array;
  name: Uint8Array;
}

const LIMIT_S = Number(process.env.TEST_HANG_SECONDS ?? 120);
const NAME_BYTES = 1024;

// The watchdog thread: plain JavaScript, evaluated as is.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { beat, name, limit } = workerData;
setInterval(() => {
  const silent = Math.floor(Date.now() / 1000) - Atomics.load(beat, 0);
  if (silent < limit) return;
  const end = name.indexOf(0);
  const running = Buffer.from(name.subarray(0, end < 0 ? name.length : end)).toString('utf8');
  writeSync(2, '\\n[tests] ' + running + ': the test thread has not turned for ' + silent +
    ' s (a loop that does not end?); ending this test worker\\n');
  process.kill(process.pid, 'SIGKILL');
}, 1000);
`;

function start(): Watchdog {
  const beat = new Int32Array(new SharedArrayBuffer(4));
  const name = new Uint8Array(new SharedArrayBuffer(NAME_BYTES));
  const now = () => Atomics.store(beat, 0, Math.floor(Date.now() / 1000));
  now();
  setInterval(now, 1000).unref();
  new Worker(WATCHDOG, { eval: true, workerData: { beat, name, limit: LIMIT_S } }).unref();
  return { beat, name };
}

// One watchdog per test worker: the module graph, and so this file, is evaluated again for each test file.
const holder = globalThis as { testHangWatchdog?: Watchdog };
holder.testHangWatchdog ??= start();
const { name } = holder.testHangWatchdog;

function running(what: string): void {
  const bytes = Buffer.from(what.slice(0, NAME_BYTES / 4), 'utf8').subarray(0, NAME_BYTES - 1);
  name.fill(0);
  name.set(bytes);
}

// This file is evaluated before each test file, whose path Vitest has set by then.
running(expect.getState().testPath ?? 'a test file');
beforeEach((context) => running(`${context.task.file.filepath} > ${context.task.name}`));
