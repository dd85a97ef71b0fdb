// Loaded into the fuzzed server process (node --import): answers the bench over the IPC channel with the
// event loop's longest delay since the last question, twice: as perf_hooks' monitorEventLoopDelay sees it
// (wall time, which on a crowded machine includes the time the process waited for a core), and as the CPU
// time the main thread itself spent within one delay (from /proc: work that blocked the loop). It also
// gives the resident set after a full garbage collection (the process runs with --expose-gc), and the part
// of it in WebAssembly memories (the embedded database's PGlite heap, a radar decoder's HDF5 heap; see
// wasm() below). PGlite's heap is a fixed 188 MB whose 128 MB of shared buffers become resident as pages are
// used: a cache that fills once as a run stores data, not a leak.
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

/**
 * Resident bytes, and count, of the WebAssembly memories. V8 reserves each memory's address space at once and
 * makes only its current size accessible, so in /proc/self/smaps a memory is a read-write mapping followed,
 * at the next address, by an inaccessible one of 4 GiB or more (the rest of the reservation).
 */
function wasm() {
  const vmas = [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (head)
      vmas.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], rss: 0 });
    else if (line.startsWith('Rss:') && vmas.length)
      vmas[vmas.length - 1].rss = Number(line.split(/\s+/)[1]) * 1024;
  }
  let wasmRss = 0;
  let wasmMemories = 0;
  for (let i = 1; i < vmas.length; i++) {
    const [memory, reserve] = [vmas[i - 1], vmas[i]];
    if (
      reserve.perms.startsWith('---') &&
      reserve.end - reserve.start >= 4n * 2n ** 30n &&
      memory.end === reserve.start &&
      memory.perms.startsWith('rw')
    ) {
      wasmRss += memory.rss;
      wasmMemories++;
    }
  }
  return { wasmRss, wasmMemories };
}

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
      process.send({
        probe: 'gc',
        rss: process.memoryUsage().rss,
        heap: process.memoryUsage().heapUsed,
        // Buffers and typed arrays outside the JavaScript heap (the main thread's; workers have their own).
        external: process.memoryUsage().external,
        ...wasm(),
      });
    }, 200);
  }
});
