import {
  combineInto,
  type ExtrapolationParams,
  footprintAt,
  footprintBox,
  leadsOf,
  type NowcastCellInput,
  usableCells,
  windowChances,
} from '../cells/cell-footprint.js';
import {
  type Bbox,
  type GridModelResult,
  gridOver,
  type Progress,
  QUIET_CELL_DEG,
  unionBox,
} from './model-grid.js';

/**
 * Lightning area nowcast, 0–60 min: the chance of lightning in each grid cell in each window, from the
 * storm cells of the last step carried forward along their motion (extrapolation), grown or shrunk by
 * their trend, and blurred by the extrapolation's error growing with lead. A cell's chance at a point is
 * the highest over the window's leads; cells combine as independent chances. No cells: a zero grid.
 * Cells the model cannot place or weigh (see isUsableCell) are left out and counted (`cells_skipped`).
 */
export const NOWCAST: ExtrapolationParams & {
  cellDeg: number;
  sampleMin: number;
  windows: readonly { fromMin: number; toMin: number }[];
} = {
  cellDeg: 0.05,
  sampleMin: 5,
  windows: [
    { fromMin: 0, toMin: 15 },
    { fromMin: 15, toMin: 30 },
    { fromMin: 30, toMin: 60 },
  ],
  minRadiusKm: 3,
  edgeSoftness: 0.3,
  // About 15 km at 60 min: the usual error of extrapolating a cell's track for an hour.
  positionErrorKmPerMin: 0.25,
  halfRatePerMin: 1,
  lifetimeMin: { growing: 90, steady: 60, decaying: 25 },
  rateChangePerHour: { growing: 0.5, steady: 0, decaying: -0.8 },
  radiusChangePerHour: { growing: 0.3, steady: 0, decaying: -0.5 },
};

export const NOWCAST_ELEMENT = 'lightning_probability';

export function lightningNowcast(
  input: readonly NowcastCellInput[],
  opts: { area: Bbox; onProgress?: Progress },
): GridModelResult {
  const p = NOWCAST;
  const { usable: cells, skipped } = usableCells(input);
  const last = p.windows.at(-1)?.toMin ?? 60;
  const tracks = cells.map((c) => leadsOf(0, last, p.sampleMin).map((t) => ({ t, f: footprintAt(c, t, p) })));
  const reach = unionBox(tracks.flatMap((track) => track.map(({ f }) => footprintBox(f))));
  const grid = reach ? gridOver(reach, p.cellDeg) : gridOver(opts.area, QUIET_CELL_DEG);
  const frames = p.windows.map((w) => ({
    element: NOWCAST_ELEMENT,
    fromMin: w.fromMin,
    toMin: w.toMin,
    values: new Float32Array(grid.cols * grid.rows),
  }));
  tracks.forEach((track, k) => {
    for (const frame of frames) {
      const inWindow = track.filter(({ t }) => t >= frame.fromMin && t <= frame.toMin).map(({ f }) => f);
      combineInto(frame.values, windowChances(grid, inWindow));
    }
    opts.onProgress?.((k + 1) / tracks.length);
  });
  return { grid, frames, facts: { cells: cells.length, cells_skipped: skipped } };
}
