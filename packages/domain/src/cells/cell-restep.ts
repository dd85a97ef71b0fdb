import { CELL_STEP_DELAY_MS, TRACKER } from './cell-tracker.js';

/**
 * Re-stepping past minutes of the cell tracker (strokes imported from an archive, or a feed that arrived
 * late): which hours need it, when an hour may be taken, and how to page through it. Pure; the server's
 * `pipeline/cells/cell-restep.ts` runs it.
 *
 * The unit is a block: one UTC hour of steps, T in [start, start + 1 h). A block is re-stepped from the
 * end state of the block before when that one was re-stepped too (so a day re-stepped hour by hour is the
 * same as one run through the day), else from an empty state; in both cases warmed with the strokes of the
 * 10-min clustering window before it.
 */
export const RESTEP = {
  blockMs: 3_600_000,
  /**
   * A live step at T reads the strokes stored since the step before whose time lies in its window, however
   * late they came, so a stroke counts live until the last step whose clustering window holds it: its first
   * step (`firstStepOf`) and the 9 after (`windowMs − stepMs`). A stroke stored more than this after its
   * first step was never seen by the live tracker. The read of step T runs at T + `CELL_STEP_DELAY_MS`; the
   * delay is not added here but left as margin for a batch that commits a little after its `received_at`
   * (a stroke stored in those seconds is most likely read live, and is stepped again all the same).
   */
  lateAfterMs: TRACKER.windowMs - TRACKER.stepMs,
  /**
   * How far back the live tracker may still write: a new term replays at most the last 30 min (and the
   * step for T runs at T + 5 s). A block is taken only once its last step is older than this, so a
   * re-step never writes a minute the live tracker may write, nor touches its state.
   */
  liveReachMs: 31 * 60_000 + CELL_STEP_DELAY_MS,
  /** Strokes read at a time while stepping a block (a page is whole minutes, 1 to 10 of them). */
  pageStrokes: 50_000,
  maxPageMin: 10,
} as const;

const MIN_MS = 60_000;

/** The first step that counts a stroke at `timeMs`: the whole minute at or after it. */
export function firstStepOf(timeMs: number): number {
  return Math.ceil(timeMs / MIN_MS) * MIN_MS;
}

export function blockOf(stepMs: number): number {
  return Math.floor(stepMs / RESTEP.blockMs) * RESTEP.blockMs;
}

/**
 * The blocks (their starts, ascending) whose steps need running again for strokes stored at `receivedMs`:
 * those the live tracker did not read (stored more than `lateAfterMs` after their first step, when its
 * window had passed them). A stroke counts in the steps from its first to 9 min after (the clustering
 * window), which may reach the next block.
 */
export function lateBlocks(strokes: Iterable<{ timeMs: number; receivedMs: number }>): number[] {
  const out = new Set<number>();
  for (const s of strokes) {
    const first = firstStepOf(s.timeMs);
    if (s.receivedMs <= first + RESTEP.lateAfterMs) continue;
    out.add(blockOf(first));
    out.add(blockOf(first + TRACKER.windowMs - MIN_MS));
  }
  return [...out].sort((a, b) => a - b);
}

/** Whether a block's steps are all past the live tracker's reach at `nowMs`. */
export function blockDue(blockMs: number, nowMs: number): boolean {
  return blockMs + RESTEP.blockMs - MIN_MS <= nowMs - RESTEP.liveReachMs;
}

/** The latest block that may be taken at `nowMs` (blocks at or before it are due). */
export function lastDueBlock(nowMs: number): number {
  return blockOf(nowMs - RESTEP.liveReachMs + MIN_MS) - RESTEP.blockMs;
}

/**
 * The minutes read per page for a block holding `strokes` (with its warm-up window): about `pageStrokes`
 * at a time, whole minutes, 1 to `maxPageMin` (a storm's hour of 200,000 strokes is read 1 min at a time).
 */
export function pageMinutes(
  strokes: number,
  minutes = RESTEP.blockMs / MIN_MS + TRACKER.windowMs / MIN_MS,
): number {
  if (strokes <= 0) return RESTEP.maxPageMin;
  const perMin = strokes / minutes;
  return Math.max(1, Math.min(RESTEP.maxPageMin, Math.floor(RESTEP.pageStrokes / perMin)));
}

/**
 * Whether minute `t` of a re-step needs a step: the tracker holds cells, a stroke lies in the clustering
 * window, or a radar frame serves it. A quiet minute would find no cell (skipping it changes nothing, as in
 * the backtest), so its stored step is left as it is.
 */
export function needsStep(
  t: number,
  o: { holdsCells: boolean; lastStrokeMs: number | null; radar: boolean },
): boolean {
  if (o.holdsCells || o.radar) return true;
  return o.lastStrokeMs !== null && o.lastStrokeMs <= t && t - o.lastStrokeMs < TRACKER.windowMs;
}
