import type { CellFeature } from '@thunderwatch/shared/schemas/cells';
import { describe, expect, it } from 'vitest';
import type { CellsRepo } from '../../lightning/cells/cells-repo.js';
import { CELL_STEP_MAX_AGE_MS, TrackedCells } from './cell-source.js';

const NOW = Date.parse('2026-07-01T12:00:30Z');
const feature = { properties: { id: 'c1', centroid: [113, 23], area_km2: 80 } } as unknown as CellFeature;

/** A cells repository holding one step at `stepMs`, answering `stepAtOrBefore` as the SQL does. */
function repoWith(stepMs: number): Pick<CellsRepo, 'stepAtOrBefore'> {
  return {
    stepAtOrBefore: async (at: Date, since: Date) =>
      stepMs <= at.getTime() && stepMs >= since.getTime()
        ? { time: new Date(stepMs), features: [feature] }
        : null,
  };
}

describe('TrackedCells', () => {
  it.each([
    { name: 'a step 30 s old gives its cells', stepMs: NOW - 30_000, cells: 1 },
    { name: 'a step just within the age limit still counts', stepMs: NOW - CELL_STEP_MAX_AGE_MS, cells: 1 },
    { name: 'an older step is not "now": null', stepMs: NOW - CELL_STEP_MAX_AGE_MS - 1, cells: null },
  ])('$name', async ({ stepMs, cells }) => {
    const source = new TrackedCells({ cells: repoWith(stepMs) as CellsRepo, now: () => new Date(NOW) });
    const latest = await source.latest();
    if (cells === null) expect(latest).toBeNull();
    else expect(latest).toEqual({ time: new Date(stepMs), cells: [feature.properties] });
  });
});
