import type { CellTrackerState } from '@thunderwatch/domain/cells/cell-tracker';
import type { CellFeature, CellTrack } from '@thunderwatch/shared/schemas/cells';
import type { Database, Queryable } from '../../../db/database.js';

/** A stroke as the cell tracker reads it. */
export interface TrackerStroke {
  id: number;
  timeMs: number;
  lat: number;
  lon: number;
  isIc: boolean;
  flashId: number | null;
}

/**
 * Where a stroke stands in the strokes log: its `received_at` in whole microseconds since the epoch, and its
 * id (a batch's strokes share one `received_at`).
 */
export interface StrokeLogPosition {
  us: number;
  id: number;
}

type StrokeDbRow = {
  id: number;
  ms: number;
  lat: number;
  lon: number;
  is_ic: boolean;
  flash_id: number | null;
};

function trackerStroke(s: StrokeDbRow): TrackerStroke {
  return {
    id: Number(s.id),
    timeMs: Number(s.ms),
    lat: s.lat,
    lon: s.lon,
    isIc: s.is_ic,
    flashId: s.flash_id === null ? null : Number(s.flash_id),
  };
}

const TRACKER_COLUMNS = 'id, (extract(epoch FROM time) * 1000)::float8 AS ms, lat, lon, is_ic, flash_id';
const AT_US = (p: number) => `('epoch'::timestamptz + $${p}::bigint * interval '1 microsecond')`;

/** The strokes with `time > from` received in (`afterUs`, `throughUs`], after `page` in log order if given. */
function arrivedWhere(
  afterUs: number | null,
  throughUs: number,
  from: Date,
  page: StrokeLogPosition | null,
): { where: string; params: unknown[] } {
  const params: unknown[] = [from, throughUs];
  let where = `time > $1 AND received_at <= ${AT_US(2)}`;
  if (afterUs !== null) {
    params.push(afterUs);
    where += ` AND received_at > ${AT_US(params.length)}`;
  }
  if (page) {
    params.push(page.us, page.id);
    const at = AT_US(params.length - 1);
    where += ` AND received_at >= ${at} AND (received_at, id) > (${at}, $${params.length}::bigint)`;
  }
  return { where, params };
}

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface TrackRow {
  id: string;
  step_time: Date;
  born_at: Date;
  parents: string[];
  lat: number;
  lon: number;
  area_km2: number;
  flash_rate: number;
  cg_rate: number;
  lifecycle: CellTrack['steps'][number]['lifecycle'];
  jump: boolean;
}

/** The cell tracker's steps: written by the tracker (with its lease checked), read by /api/scz*. */
export class CellsRepo {
  constructor(private readonly db: Database) {}

  /** Strokes with `from < time <= to`, in time order (a re-step's input). */
  async strokes(from: Date, to: Date): Promise<TrackerStroke[]> {
    const r = await this.db.query<StrokeDbRow>(
      `SELECT ${TRACKER_COLUMNS} FROM strokes WHERE time > $1 AND time <= $2 ORDER BY time`,
      [from, to],
    );
    return r.rows.map(trackerStroke);
  }

  /**
   * The strokes log's head (`stroke_log_head`, microseconds; null while no stroke was ever stored): every
   * stroke with `received_at` at or before it is committed, and every stroke committed later comes after
   * it. The ingest stamps each batch by moving the head forward under the head row's lock, held until the
   * batch commits, so `received_at` order is commit order (`StrokesRepo.insert`).
   */
  async logHead(): Promise<number | null> {
    const r = await this.db.query<{ us: number | null }>(
      `SELECT CASE WHEN isfinite(received_at) THEN (extract(epoch FROM received_at) * 1000000)::bigint END AS us
       FROM stroke_log_head WHERE id = 1`,
    );
    const us = r.rows[0]?.us;
    return us === null || us === undefined ? null : Number(us);
  }

  /**
   * How many strokes with `time > from` were received in (`afterUs`, `throughUs`] (from the start of the
   * log for a null `afterUs`): the tracker's budget for reading them.
   */
  async countArrived(afterUs: number | null, throughUs: number, from: Date): Promise<number> {
    const { where, params } = arrivedWhere(afterUs, throughUs, from, null);
    const r = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM strokes WHERE ${where}`,
      params,
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * A page of the strokes with `time > from` received in (`afterUs`, `throughUs`], in log order
   * (`received_at`, id), after `page` (the last one of the page before; none for the first), at most
   * `limit`; with the position of the page's last stroke.
   */
  async arrived(
    afterUs: number | null,
    throughUs: number,
    from: Date,
    page: StrokeLogPosition | null,
    limit: number,
  ): Promise<{ strokes: TrackerStroke[]; last: StrokeLogPosition | null }> {
    const { where, params } = arrivedWhere(afterUs, throughUs, from, page);
    params.push(limit);
    const r = await this.db.query<StrokeDbRow & { received_us: number }>(
      `SELECT ${TRACKER_COLUMNS}, (extract(epoch FROM received_at) * 1000000)::bigint AS received_us
       FROM strokes WHERE ${where} ORDER BY received_at, id LIMIT $${params.length}`,
      params,
    );
    const tail = r.rows.at(-1);
    return {
      strokes: r.rows.map(trackerStroke),
      last: tail ? { us: Number(tail.received_us), id: Number(tail.id) } : null,
    };
  }

  async loadState(): Promise<CellTrackerState | null> {
    const r = await this.db.query<{ state: CellTrackerState }>(
      'SELECT state FROM cell_tracker_state WHERE id = 1',
    );
    return r.rows[0]?.state ?? null;
  }

  /**
   * Writes one step (its cells and the tracker's state after it) with `tx`; a re-step of past minutes
   * passes no state (the live tracker's stays as it is).
   */
  async saveStep(
    tx: Queryable,
    timeMs: number,
    features: readonly CellFeature[],
    state: CellTrackerState | null,
  ) {
    const time = new Date(timeMs).toISOString();
    const json = JSON.stringify(features);
    await tx.query(
      `INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, $2::jsonb, $3, $4)
       ON CONFLICT (time) DO UPDATE SET features = EXCLUDED.features, cell_count = EXCLUDED.cell_count,
         jumps = EXCLUDED.jumps`,
      [time, json, features.length, features.filter((f) => f.properties.jump).length],
    );
    await tx.query('DELETE FROM cells WHERE step_time = $1', [time]);
    if (features.length > 0) {
      await tx.query(
        `INSERT INTO cells (step_time, id, born_at, parents, lat, lon, area_km2, flash_rate, cg_rate, lifecycle, jump)
         SELECT $1, x.id, x.born_at, x.parents, x.lat, x.lon, x.area_km2, x.flash_rate, x.cg_rate, x.lifecycle, x.jump
         FROM jsonb_to_recordset($2::jsonb) AS x(id text, born_at timestamptz, parents jsonb, lat float8, lon float8,
           area_km2 float8, flash_rate float8, cg_rate float8, lifecycle text, jump boolean)`,
        [
          time,
          JSON.stringify(
            features.map(({ properties: p }) => ({
              id: p.id,
              born_at: p.born_at,
              parents: p.parents,
              lat: p.centroid[1],
              lon: p.centroid[0],
              area_km2: p.area_km2,
              flash_rate: p.flash_rate_per_min,
              cg_rate: p.cg_rate_per_min,
              lifecycle: p.lifecycle,
              jump: p.jump,
            })),
          ),
        ],
      );
    }
    if (state === null) return;
    await tx.query(
      `INSERT INTO cell_tracker_state (id, time, state) VALUES (1, $1, $2::jsonb)
       ON CONFLICT (id) DO UPDATE SET time = EXCLUDED.time, state = EXCLUDED.state`,
      [time, JSON.stringify(state)],
    );
  }

  /** The newest step at or before `at` and not older than `since`, if any. */
  async stepAtOrBefore(at: Date, since: Date): Promise<{ time: Date; features: CellFeature[] } | null> {
    const r = await this.db.query<{ time: Date; features: CellFeature[] }>(
      `SELECT time, features FROM cell_steps WHERE time <= $1 AND time >= $2 ORDER BY time DESC LIMIT 1`,
      [at, since],
    );
    return r.rows[0] ?? null;
  }

  /**
   * The newest step after `afterMs` (any, for null) and not before `sinceMs`, with only the cells that can
   * threaten a location (the features are filtered in the database: a step of a big storm holds thousands
   * of cells), if any.
   */
  async newestThreats(
    afterMs: number | null,
    sinceMs: number,
    minFlashRatePerMin: number,
  ): Promise<{ time: Date; features: CellFeature[] } | null> {
    // The cells that can threaten a location (predicted-warning.ts `threatCandidate`): jumping, or moving,
    // not decaying and at least this active.
    const r = await this.db.query<{ time: Date; features: CellFeature[] }>(
      `SELECT time, COALESCE((SELECT jsonb_agg(f) FROM jsonb_array_elements(features) AS f
           WHERE (f -> 'properties' ->> 'jump')::boolean
              OR (jsonb_typeof(f -> 'properties' -> 'motion') = 'object'
                  AND f -> 'properties' ->> 'trend' <> 'decaying'
                  AND (f -> 'properties' ->> 'flash_rate_per_min')::float8 >= $3)), '[]'::jsonb) AS features
       FROM cell_steps WHERE time > $1 AND time >= $2 ORDER BY time DESC LIMIT 1`,
      [new Date(afterMs ?? 0), new Date(sinceMs), minFlashRatePerMin],
    );
    return r.rows[0] ?? null;
  }

  /**
   * The steps within [from, to] of every cell with a centroid inside the bbox at some step of the range
   * (west > east: across the antimeridian), oldest first per cell; at most `limit` steps (one more tells
   * the caller there were more).
   */
  async tracks(from: Date, to: Date, bbox: Bbox | undefined, limit: number): Promise<TrackRow[]> {
    const where = ['step_time >= $1', 'step_time <= $2'];
    const params: unknown[] = [from, to];
    if (bbox) {
      params.push(bbox.south, bbox.north, bbox.west, bbox.east);
      // Centroid longitudes may pass ±180 a little (unwrapped round the cell): compare them normalised.
      const lon = '(((lon + 180)::numeric % 360 + 360) % 360 - 180)';
      const across = bbox.west > bbox.east ? 'OR' : 'AND';
      where.push(`lat BETWEEN $3 AND $4 AND (${lon} >= $5 ${across} ${lon} <= $6)`);
    }
    params.push(limit + 1);
    const r = await this.db.query<TrackRow>(
      `WITH hit AS (SELECT DISTINCT id FROM cells WHERE ${where.join(' AND ')})
       SELECT c.id, c.step_time, c.born_at, c.parents, c.lat, c.lon, c.area_km2, c.flash_rate, c.cg_rate,
         c.lifecycle, c.jump
       FROM cells c JOIN hit USING (id)
       WHERE c.step_time >= $1 AND c.step_time <= $2
       ORDER BY c.id, c.step_time LIMIT $${params.length}`,
      params,
    );
    return r.rows;
  }

  /** Deletes the steps (and their cells) before `before`; how many. */
  async purgeBefore(before: Date): Promise<number> {
    await this.db.query('DELETE FROM cell_restep_blocks WHERE block < $1', [before]);
    const r = await this.db.query('DELETE FROM cell_steps WHERE time < $1', [before]);
    return r.rowCount ?? 0;
  }
}

export type { TrackRow };
