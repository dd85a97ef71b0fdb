import type { NowcastCellInput } from '@thunderwatch/domain/cells/cell-footprint';
import type { ModelId } from '@thunderwatch/shared/schemas/models';
import type { CellsRepo } from '../../lightning/cells/cells-repo.js';

/** The storm cells the lightning models start from: those of the newest step, or null without a recent one. */
export interface CellSource {
  latest(): Promise<{ time: Date; cells: NowcastCellInput[] } | null>;
}

/** A step older than this is not "the cells now": the tracker has stopped, and a model run says so. */
export const CELL_STEP_MAX_AGE_MS = 5 * 60_000;

/** The models that start from the newest cell step. */
export const CELL_MODELS: ReadonlySet<ModelId> = new Set<ModelId>([
  'lightning_nowcast',
  'lightning_forecast',
]);

/**
 * The cell tracker's newest stored step (`cell_steps`, written each minute by the `cell-tracker`
 * singleton), whose cells carry their trend and their motion from matching across steps. The properties of
 * `/api/scz`'s features are model inputs as they are.
 */
export class TrackedCells implements CellSource {
  constructor(private readonly d: { cells: CellsRepo; now: () => Date }) {}

  async latest(): Promise<{ time: Date; cells: NowcastCellInput[] } | null> {
    const now = this.d.now();
    const step = await this.d.cells.stepAtOrBefore(now, new Date(now.getTime() - CELL_STEP_MAX_AGE_MS));
    if (!step) return null;
    return { time: new Date(step.time), cells: step.features.map((f) => f.properties) };
  }
}
