import { predictCellOf } from '@thunderwatch/domain/predicted-warning';
import type { CellsRepo } from '../../modules/lightning/cells/cells-repo.js';
import type { JumpingCells } from './warning-engine-service.js';

/** The engine's view of the cell tracker's steps: the newest unseen one's jumping cells, from `cell_steps`. */
export function jumpingCells(repo: Pick<CellsRepo, 'newestJumps'>): JumpingCells {
  return {
    async newestJumps(afterMs, sinceMs) {
      const step = await repo.newestJumps(afterMs, sinceMs);
      return step ? { timeMs: step.time.getTime(), cells: step.features.map(predictCellOf) } : null;
    },
  };
}
