import { approachFromCells } from '@thunderwatch/domain/cells/storm-approach';
import { StormCellIndex, trackStormCells } from '@thunderwatch/domain/cells/storm-cells';
import { distanceToShape } from '@thunderwatch/domain/geo/shape-distance';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import { RecentFlashes } from './recent-flashes.js';

/** What an estimate needs of a location: plain data, so it can be posted to the approach worker. */
export interface ApproachJob {
  id: number;
  site: { lat: number; lon: number };
  shape: LocationShape;
  ringRadiiKm: number[];
  /** How far the shape reaches from the site (0 for a point). */
  reachKm: number;
}

export interface ApproachRound {
  /** The estimate of every job, in the jobs' order. */
  done: { id: number; approach: Approach }[];
  /** Flashes clustered into cells (once for all the jobs), and the cells of 10 flashes or more. */
  flashes: number;
  cells: number;
  /** Time the round took where it ran, ms. */
  ms: number;
}

/**
 * The recent flashes and the estimates from them: run on the approach worker, or inline in tests. A round
 * clusters all recent flashes into storm cells once, in time linear in the flashes (at most
 * `MAX_FLASHES`), and then answers each location from the cells near it: a storm of any density costs one
 * clustering per round, not one per location.
 */
export class ApproachPlanner {
  private readonly flashes = new RecentFlashes();

  add(strokes: readonly Pick<EngineStroke, 'timeMs' | 'lat' | 'lon' | 'flashId'>[]): void {
    this.flashes.add(strokes);
  }

  get size(): number {
    return this.flashes.size;
  }

  run(jobs: readonly ApproachJob[], nowMs: number): ApproachRound {
    const started = performance.now();
    this.flashes.prune(nowMs);
    const flashes = this.flashes.all();
    const cells = trackStormCells(flashes, nowMs);
    const index = new StormCellIndex(cells);
    const done = jobs.map((job) => {
      const shape = job.shape;
      const approach = approachFromCells(index, {
        site: job.site,
        ringRadiiKm: job.ringRadiiKm,
        distanceKm: shape.type === 'Point' ? undefined : (lat, lon) => distanceToShape(shape, lat, lon).km,
        shapeReachKm: job.reachKm,
      });
      return { id: job.id, approach };
    });
    return { done, flashes: flashes.length, cells: cells.length, ms: performance.now() - started };
  }
}
