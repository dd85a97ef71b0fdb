import { distanceKm } from '@thunderwatch/domain/geodesy';
import { distanceToShape } from '@thunderwatch/domain/shape-distance';
import { estimateApproach } from '@thunderwatch/domain/storm-approach';
import type { EngineStroke } from '@thunderwatch/domain/warning-engine';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import { RecentFlashes } from './recent-flashes.js';

const APPROACH_RANGE_KM = 100;

/**
 * Flashes one round of estimates may go through (each location counts the recent flashes near it): about
 * a second of one core in the worst storm, so a round never holds the worker (or, inline, a test) for long.
 * At least one location is estimated per round, so a single huge storm cell still moves on.
 */
export const APPROACH_WORK_PER_ROUND = 600_000;

/** What an estimate needs of a location: plain data, so it can be posted to the approach worker. */
export interface ApproachJob {
  id: number;
  site: { lat: number; lon: number };
  shape: LocationShape;
  ringRadiiKm: number[];
}

export interface ApproachRound {
  /** Estimates made, oldest job first; jobs beyond the round's work are left for the next round. */
  done: { id: number; approach: Approach }[];
  /** Flashes gone through (the sum over the estimated locations of the flashes near each). */
  work: number;
}

/** The recent flashes and the estimates from them: run on the approach worker, or inline in tests. */
export class ApproachPlanner {
  private readonly flashes = new RecentFlashes();

  add(strokes: readonly Pick<EngineStroke, 'timeMs' | 'lat' | 'lon' | 'flashId'>[]): void {
    this.flashes.add(strokes);
  }

  get size(): number {
    return this.flashes.size;
  }

  /** Estimates the jobs in order until `workLimit` flashes have been gone through (at least one job). */
  run(jobs: readonly ApproachJob[], nowMs: number, workLimit = APPROACH_WORK_PER_ROUND): ApproachRound {
    this.flashes.prune(nowMs);
    const done: ApproachRound['done'] = [];
    let work = 0;
    for (const job of jobs) {
      const near = this.flashes.near(job.site.lat, job.site.lon, APPROACH_RANGE_KM + farthestVertexKm(job));
      if (done.length > 0 && work + near.length > workLimit) break;
      work += near.length;
      const shape = job.shape;
      const approach = estimateApproach({
        flashes: near,
        site: job.site,
        ringRadiiKm: job.ringRadiiKm,
        nowMs,
        distanceKm: shape.type === 'Point' ? undefined : (lat, lon) => distanceToShape(shape, lat, lon).km,
      });
      done.push({ id: job.id, approach });
    }
    return { done, work };
  }
}

/**
 * How far the shape reaches from its site (0 for a point): a flash within the approach range of the shape
 * is within the range plus this of the site, so no more flashes than that need be looked at.
 */
function farthestVertexKm(job: ApproachJob): number {
  let farthest = 0;
  const visit = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number') {
      farthest = Math.max(farthest, distanceKm(job.site.lat, job.site.lon, c[1] as number, c[0]));
      return;
    }
    for (const inner of c) visit(inner);
  };
  if (job.shape.type !== 'Point') visit(job.shape.coordinates);
  return farthest;
}
