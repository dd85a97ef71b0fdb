/**
 * Which scheduled models are due: a model running every N minutes runs once in each N-minute slot of the
 * clock (nowcast every 5 min at :00, :05, …), counted from the epoch in UTC. A slot already queued is not
 * queued again (also across restarts and leader changes: the last queue time is stored), and a model whose
 * run is still queued or running is not queued twice: a slow run delays the next, never piles them up.
 */
export function dueModels<K extends string>(
  everyMin: ReadonlyMap<K, number | null>,
  lastQueuedMs: ReadonlyMap<K, number>,
  active: ReadonlySet<K>,
  nowMs: number,
): K[] {
  const due: K[] = [];
  for (const [model, every] of everyMin) {
    if (!every || every <= 0 || active.has(model)) continue;
    const slotMs = every * 60_000;
    const last = lastQueuedMs.get(model);
    if (last === undefined || Math.floor(last / slotMs) < Math.floor(nowMs / slotMs)) due.push(model);
  }
  return due;
}
