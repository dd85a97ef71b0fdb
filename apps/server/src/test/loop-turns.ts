/**
 * Resolves `work` while counting the turns of the event loop that come before its answer: work done in one
 * go on the calling thread lets none come (a condition, not a timing), work in slices or on a worker lets
 * them come.
 */
export async function turnsWhile<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let working = true;
  let turns = 0;
  const spin = (async () => {
    while (working) {
      await new Promise((resolve) => setImmediate(resolve));
      if (working) turns++;
    }
  })();
  try {
    return { result: await work(), turns };
  } finally {
    working = false;
    await spin;
  }
}
