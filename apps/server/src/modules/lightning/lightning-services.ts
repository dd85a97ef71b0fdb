import { lateBlocks } from '@thunderwatch/domain/cells/cell-restep';
import type { Database } from '../../db/database.js';
import { CellRestepRepo } from './cells/cell-restep-repo.js';
import { CellsRepo } from './cells/cells-repo.js';
import { CellsService } from './cells/cells-service.js';
import { FeedsRepo } from './feeds/feeds-repo.js';
import { FeedsService } from './feeds/feeds-service.js';
import { LightningService } from './strokes/lightning-service.js';
import { LightningStatsRepo } from './strokes/lightning-stats-repo.js';
import { StrokePartitions } from './strokes/partitions.js';
import { StrokesRepo } from './strokes/strokes-repo.js';

/**
 * The lightning area's part of the composition root: the strokes in their day partitions and their reads,
 * the feeds' keys, and the tracked storm cells (the pipeline ingests the strokes and tracks the cells).
 */
export function lightningServices(d: { db: Database; now: () => Date }) {
  const partitions = new StrokePartitions();
  const strokes = new StrokesRepo(d.db, partitions);
  const cellsRepo = new CellsRepo(d.db);
  const cellRestepRepo = new CellRestepRepo(d.db);
  // Strokes the live cell tracker will not read again: their hours' steps are run again (cell-restep.ts).
  strokes.onStored = async (tx, stored) => {
    const at = stored[0]?.received_at as Date;
    const late = lateBlocks(stored.map((x) => ({ timeMs: x.time.getTime(), receivedMs: at.getTime() })));
    await cellRestepRepo.request(late, at, tx);
  };
  return {
    partitions,
    strokes,
    feeds: new FeedsService(new FeedsRepo(d.db), d.now),
    lightning: new LightningService(strokes, new LightningStatsRepo(d.db)),
    cellsRepo,
    cellRestepRepo,
    cells: new CellsService(cellsRepo, d.now, cellRestepRepo),
  };
}
