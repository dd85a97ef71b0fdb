// Loaded into the fuzzed server process (node --import): answers the bench over the IPC channel with the
// event loop's longest delay since the last question (perf_hooks' monitorEventLoopDelay, 10 ms resolution)
// and the resident set after a full garbage collection (the process runs with --expose-gc).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.channel?.unref();
process.on('message', (m) => {
  if (m?.probe === 'lag') {
    process.send({ probe: 'lag', maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
    delay.reset();
  } else if (m?.probe === 'gc') {
    globalThis.gc?.();
    setTimeout(() => {
      globalThis.gc?.();
      process.send({ probe: 'gc', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
    }, 200);
  }
});
