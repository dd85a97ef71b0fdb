import type { NowcastCellInput } from '@thunderwatch/domain/cell-footprint';
import type { StrokesRepo } from '../../modules/lightning/strokes/strokes-repo.js';
import type { ModelRunner } from './model-runner.js';
import { readFlashes } from './stroke-reader.js';

/** The storm cells the lightning models start from: those of the newest step, or null before there is one. */
export interface CellSource {
  latest(): Promise<{ time: Date; cells: NowcastCellInput[] } | null>;
}

/** The window `trackStormCells` looks at, and the most flashes it is given (as the warning engine's cap). */
const WINDOW_MS = 30 * 60_000;
export const MAX_CELL_FLASHES = 300_000;

/**
 * Cells found afresh from the last 30 min of strokes (`trackStormCells`, the warning engine's stateless
 * clustering, run on the model worker), adapted by `nowcastInputOf`: no memory between runs, so every
 * cell's trend is 'steady'. To be replaced by the cell tracker's stored steps, whose cells carry trends.
 */
export class RecentStrokeCells implements CellSource {
  constructor(private readonly d: { strokes: StrokesRepo; runner: ModelRunner; now: () => Date }) {}

  async latest(): Promise<{ time: Date; cells: NowcastCellInput[] }> {
    const time = this.d.now();
    const flashes = await readFlashes(
      this.d.strokes,
      new Date(time.getTime() - WINDOW_MS),
      time,
      MAX_CELL_FLASHES,
    );
    const result = await this.d.runner.run({ kind: 'cells', flashes: flashes.packed, nowMs: time.getTime() });
    if (result.kind !== 'cells') throw new Error('the model worker answered a cells job with something else');
    return { time, cells: result.cells };
  }
}
