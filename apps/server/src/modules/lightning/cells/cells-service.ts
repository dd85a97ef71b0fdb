import { withRadarFields } from '@thunderwatch/domain/cells/cell-features';
import type {
  CellCollection,
  CellRestepStatus,
  CellTrack,
  CellTracks,
} from '@thunderwatch/shared/schemas/cells';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { parseBbox } from '../strokes/stroke-filter.js';
import type { CellRestepRepo } from './cell-restep-repo.js';
import type { CellsRepo, TrackRow } from './cells-repo.js';

const MIN_MS = 60_000;
/** A step older than this before the asked time is not "the cells at that time" (the tracker was down). */
export const STEP_FRESH_MS = 5 * MIN_MS;
export const RANGE_MAX_MS = 24 * 60 * MIN_MS;
/** Steps in one answer of /api/scz_query_range (a day of a large storm system is about 100,000). */
export const MAX_TRACK_STEPS = 200_000;

/** Storm cells as the tracker stored them: one step's GeoJSON, or tracks over a range. */
export class CellsService {
  constructor(
    private readonly repo: CellsRepo,
    private readonly now: () => Date,
    private readonly restep: CellRestepRepo,
  ) {}

  /** The hours re-stepped for late or imported strokes: pending first, then the latest (administrators). */
  async restepStatus(user: AuthUser): Promise<CellRestepStatus> {
    requirePermission(user, 'feed.manage');
    const { pending, items } = await this.restep.status(100);
    const iso = (d: Date | null) => (d === null ? null : d.toISOString());
    return {
      pending,
      items: items.map((r) => ({
        block: r.block.toISOString(),
        state:
          r.requested > r.done
            ? r.started_at !== null && r.finished_at === null
              ? 'running'
              : r.error !== null
                ? 'failed'
                : 'pending'
            : 'done',
        requested_at: r.requested_at.toISOString(),
        started_at: iso(r.started_at),
        finished_at: iso(r.finished_at),
        through: iso(r.through),
        steps: r.steps,
        strokes: r.strokes,
        error: r.error,
      })),
    };
  }

  async at(time: string | undefined): Promise<CellCollection> {
    const at = time ? new Date(time) : this.now();
    const step = await this.repo.stepAtOrBefore(at, new Date(at.getTime() - STEP_FRESH_MS));
    if (!step) return { type: 'FeatureCollection', time: null, features: [] };
    return {
      type: 'FeatureCollection',
      time: step.time.toISOString(),
      features: step.features.map(withRadarFields),
    };
  }

  async tracks(q: { from: string; to: string; bbox?: string }): Promise<CellTracks> {
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (from >= to) {
      throw new AppError('validation.failed', 400, 'from must be before to', [
        { field: 'from', message: 'must be before to' },
      ]);
    }
    if (to.getTime() - from.getTime() > RANGE_MAX_MS) {
      throw new AppError('lightning.window_too_large', 400, 'The range may span at most 24 h', [
        { field: 'from', message: 'range longer than 24 h' },
      ]);
    }
    const bbox = q.bbox === undefined ? undefined : parseBbox(q.bbox);
    const rows = await this.repo.tracks(from, to, bbox, MAX_TRACK_STEPS);
    if (rows.length > MAX_TRACK_STEPS) {
      throw new AppError(
        'lightning.window_too_large',
        400,
        `More than ${MAX_TRACK_STEPS} cell steps; narrow the range or bbox`,
        [{ field: 'bbox', message: `more than ${MAX_TRACK_STEPS} cell steps` }],
      );
    }
    return { items: tracksOf(rows) };
  }
}

/** Rows ordered by cell and time as one track per cell. */
export function tracksOf(rows: readonly TrackRow[]): CellTrack[] {
  const out: CellTrack[] = [];
  for (const r of rows) {
    const time = r.step_time.toISOString();
    let track = out.at(-1);
    if (track?.id !== r.id) {
      track = { id: r.id, born_at: r.born_at.toISOString(), last_at: time, parents: r.parents, steps: [] };
      out.push(track);
    }
    track.last_at = time;
    track.parents = r.parents;
    track.steps.push({
      time,
      centroid: [r.lon, r.lat],
      area_km2: r.area_km2,
      flash_rate_per_min: r.flash_rate,
      cg_rate_per_min: r.cg_rate,
      lifecycle: r.lifecycle,
      jump: r.jump,
    });
  }
  return out;
}
