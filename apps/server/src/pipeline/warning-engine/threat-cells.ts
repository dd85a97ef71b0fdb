import {
  NOWCAST_THREAT,
  type PredictCell,
  predictCellOf,
} from '@thunderwatch/domain/warnings/predicted-warning';
import type { CellsRepo } from '../../modules/lightning/cells/cells-repo.js';

/** How often the newest tracker step is looked for without a signal, and how old a step may be to count. */
export const CELLS_POLL_MS = 60_000;
export const CELLS_FRESH_MS = 3 * 60_000;

/** Where the engine reads the cell tracker's newest step (only the cells that can threaten a location). */
export interface ThreatCells {
  newestThreats(
    afterMs: number | null,
    sinceMs: number,
  ): Promise<{ timeMs: number; cells: PredictCell[] } | null>;
}

/**
 * The engine's view of the cell tracker's steps: the newest unseen one's jumping cells and nowcast
 * candidates, from `cell_steps`.
 */
export function threatCells(repo: Pick<CellsRepo, 'newestThreats'>): ThreatCells {
  return {
    async newestThreats(afterMs, sinceMs) {
      const step = await repo.newestThreats(afterMs, sinceMs, NOWCAST_THREAT.minFlashRatePerMin);
      return step ? { timeMs: step.time.getTime(), cells: step.features.map(predictCellOf) } : null;
    },
  };
}

/**
 * Which tracker step the engine has evaluated, and when to look again: on each signal, and at least once a
 * minute (a lost signal costs a minute). A step older than 3 min is not news (the tracker is down: held
 * predictions lapse on their all-clear).
 */
export class CellStepFollower {
  private stepMs: number | null = null;
  private readMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly source: ThreatCells | undefined) {}

  due(nowMs: number): boolean {
    return this.source !== undefined && nowMs - this.readMs >= CELLS_POLL_MS;
  }

  /** The threatening cells of the newest step not seen yet, or null. */
  async newest(nowMs: number): Promise<PredictCell[] | null> {
    if (!this.source) return null;
    this.readMs = nowMs;
    const step = await this.source.newestThreats(this.stepMs, nowMs - CELLS_FRESH_MS);
    if (!step) return null;
    this.stepMs = step.timeMs;
    return step.cells;
  }
}
