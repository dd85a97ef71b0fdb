// Loaded into the fuzzed server process (node --import): answers the bench over the IPC channel with the
// event loop's longest delay since the last question, twice: as perf_hooks' monitorEventLoopDelay sees it
// (wall time, which on a crowded machine includes the time the process waited for a core), and as the CPU
// time the main thread itself spent within one delay (from /proc: work that blocked the loop). It also
// gives the resident set after a full garbage collection (the process runs with --expose-gc).
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

// utime + stime of the main thread (its task id is the process id), in ms (USER_HZ = 100).
const statPath = `/proc/self/task/${process.pid}/stat`;
function mainThreadCpuMs() {
  const fields = readFileSync(statPath, 'utf8').split(')').pop().trim().split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
let lastWall = performance.now();
let lastCpu = mainThreadCpuMs();
let maxBlockedMs = 0;
setInterval(() => {
  const wall = performance.now();
  const cpu = mainThreadCpuMs();
  // The main thread's CPU within one gap between ticks, at most the gap itself.
  if (wall - lastWall > 50) maxBlockedMs = Math.max(maxBlockedMs, Math.min(cpu - lastCpu, wall - lastWall));
  lastWall = wall;
  lastCpu = cpu;
}, 10).unref();

process.channel?.unref();
process.on('message', (m) => {
  if (m?.probe === 'lag') {
    process.send({ probe: 'lag', maxMs: delay.max / 1e6, blockedMs: maxBlockedMs });
    delay.reset();
    maxBlockedMs = 0;
  } else if (m?.probe === 'gc') {
    globalThis.gc?.();
    setTimeout(() => {
      globalThis.gc?.();
      process.send({ probe: 'gc', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
    }, 200);
  }
});
