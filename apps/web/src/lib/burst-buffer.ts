/** Timer functions injected so tests can replay bursts on a manual clock. */
export interface BurstTimers {
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  now: () => number;
}

export interface BurstBufferOptions<T> extends BurstTimers {
  flushMs: number;
  emit: (batch: T[]) => void;
  /** Items with the same key replace each other within a batch: only the latest state matters. */
  key?: (item: T) => unknown;
}

export interface BurstBuffer<T> {
  push(items: readonly T[]): void;
  /** Forgets what is buffered and cancels the pending flush. */
  clear(): void;
}

/**
 * Collects items arriving in bursts and hands them on at most once per `flushMs`: the first item after a
 * quiet spell goes out at once, the rest of a burst waits for the interval to pass.
 */
export function createBurstBuffer<T>(options: BurstBufferOptions<T>): BurstBuffer<T> {
  let buffer: T[] = [];
  let positions = new Map<unknown, number>();
  let timer: unknown = null;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const flush = () => {
    timer = null;
    lastFlush = options.now();
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    positions = new Map();
    options.emit(batch);
  };

  const add = (item: T) => {
    if (!options.key) {
      buffer.push(item);
      return;
    }
    const key = options.key(item);
    const at = positions.get(key);
    if (at === undefined) {
      positions.set(key, buffer.length);
      buffer.push(item);
    } else {
      buffer[at] = item;
    }
  };

  return {
    push(items) {
      if (items.length === 0) return;
      for (const item of items) add(item);
      if (timer !== null) return;
      timer = options.setTimer(flush, Math.max(0, lastFlush + options.flushMs - options.now()));
    },
    clear() {
      if (timer !== null) options.clearTimer(timer);
      timer = null;
      buffer = [];
      positions = new Map();
    },
  };
}
