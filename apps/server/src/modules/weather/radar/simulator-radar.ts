import { DEFAULT_REGION, type SimCell } from '@thunderwatch/domain/lightning/simulator';
import { lonLatGeoref } from '@thunderwatch/domain/weather/radar-grid';
import { SIM_RADAR_SCALE, simRadarGrid, simulatedReflectivity } from '@thunderwatch/domain/weather/radar-sim';
import type { FastifyBaseLogger } from 'fastify';
import { SIMULATOR_SOURCE } from '../../lightning/strokes/stroke-row.js';
import type { RadarIngest } from './radar-ingest.js';

/** The simulated radar's product name and its frame interval (a radar network's volume scan). */
export const SIM_RADAR_PRODUCT = 'sim_dbz';
export const SIM_RADAR_EVERY_MS = 6 * 60_000;

/** Where the simulator's radar frames go: one reflectivity grid from the cells alive at each frame time. */
export type RadarSink = (timeMs: number, cells: readonly SimCell[]) => Promise<void>;

/**
 * Stores the demo world's radar through the same ingest as real frames, labelled simulated. Frames are
 * deterministic, so a restart that regenerates the backfill finds them unchanged.
 */
export function simulatorRadarSink(radar: RadarIngest, log: FastifyBaseLogger): RadarSink {
  const grid = simRadarGrid(DEFAULT_REGION);
  return async (timeMs, cells) => {
    try {
      await radar.frame(SIMULATOR_SOURCE, {
        product: SIM_RADAR_PRODUCT,
        timeMs,
        leadMin: 0,
        periodMin: null,
        quantity: 'DBZH',
        cols: grid.cols,
        rows: grid.rows,
        georef: lonLatGeoref(grid.bounds, grid.cols, grid.rows),
        bounds: grid.bounds,
        scale: SIM_RADAR_SCALE,
        raw: simulatedReflectivity(cells, grid, timeMs),
        simulated: true,
      });
    } catch (error) {
      log.warn({ err: error, time: new Date(timeMs).toISOString() }, 'simulated radar frame not stored');
    }
  };
}
