/** One turn of the event loop: what waits (timers, sockets, other requests) runs before the next slice. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `[...items].sort(compare)` (the same order: both are stable) without holding the event loop for the
 * whole sort: runs of `slice` items are sorted, then merged pairwise, with a loop turn after every `slice`
 * items sorted or merged. For the 100,000 strokes of a 10 MB body a whole sort can take most of a second
 * on a loaded machine.
 */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  slice = 2000,
): Promise<T[]> {
  let runs: T[][] = [];
  for (let from = 0; from < items.length; from += slice) {
    if (from > 0) await nextTurn();
    runs.push(items.slice(from, from + slice).sort(compare));
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r] as T[];
      const b = runs[r + 1];
      merged.push(b ? await merge(a, b, compare, slice) : a);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

async function merge<T>(a: T[], b: T[], compare: (a: T, b: T) => number, slice: number): Promise<T[]> {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const end = out.length + slice;
    while (out.length < end && i < a.length && j < b.length) {
      // Ties keep `a` (the earlier run) first: stable, as Array.prototype.sort.
      out.push(compare(a[i] as T, b[j] as T) <= 0 ? (a[i++] as T) : (b[j++] as T));
    }
    if (i === a.length) for (; j < b.length; j++) out.push(b[j] as T);
    else if (j === b.length) for (; i < a.length; i++) out.push(a[i] as T);
    await nextTurn();
  }
  return out;
}
