import type { PredictedState } from '@thunderwatch/domain/warnings/predicted-warning';
import type { WarningState } from '@thunderwatch/domain/warnings/ring-rules';
import type { Level } from '@thunderwatch/shared/warnings';
import type { Database, Queryable } from '../../db/database.js';
import {
  RECEIVED_COLUMNS,
  STROKE_COLUMNS,
  type StrokeRow,
} from '../../modules/lightning/strokes/stroke-row.js';

/** One location's engine state as stored. */
export interface StoredState {
  locationId: number;
  groupId: number;
  /** The level shown: the higher of the rings' and the prediction's. */
  level: Level;
  state: WarningState;
  /** The predicted state while predicted (null: not predicted). */
  predicted: PredictedState | null;
}

/**
 * The warning engine's own SQL: its stored states and watermark, the strokes to replay after a crash,
 * alarm confirmation and the level changes behind warning skill. Methods that write take the transaction
 * they belong to. (Episodes, alarms and events of a batch: `EpisodesRepo`.)
 */
export class WarningStore {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The stored states of one group's locations, or of every location for null. */
  async loadStates(groupId: number | null = null): Promise<StoredState[]> {
    const r = await this.db.query<{
      location_id: number;
      group_id: number;
      level: number;
      state: WarningState;
      predicted: PredictedState | null;
    }>(
      `SELECT location_id, group_id, level, state, predicted FROM warning_states
       WHERE $1::bigint IS NULL OR group_id = $1`,
      [groupId],
    );
    return r.rows.map((x) => ({
      locationId: x.location_id,
      groupId: x.group_id,
      level: x.level as Level,
      state: x.state,
      predicted: x.predicted ?? null,
    }));
  }

  /** The stored levels of the given locations (absent: no state, level 0). */
  async levels(ids: readonly number[]): Promise<Map<number, Level>> {
    const r = await this.db.query<{ location_id: number; level: Level }>(
      'SELECT location_id, level FROM warning_states WHERE location_id = ANY($1::bigint[])',
      [ids],
    );
    return new Map(r.rows.map((x) => [x.location_id, x.level]));
  }

  /** The log position (microseconds since the epoch) up to which the stored states are complete. */
  async watermark(): Promise<number | null> {
    const r = await this.db.query<{ us: number }>(
      'SELECT (extract(epoch FROM watermark) * 1000000)::bigint AS us FROM warning_engine WHERE id = 1',
    );
    return r.rows[0]?.us ?? null;
  }

  /** Open episodes by location (of one group, or of all for null). */
  async openAlerts(groupId: number | null = null): Promise<Map<number, number>> {
    const r = await this.db.query<{ id: number; location_id: number }>(
      'SELECT id, location_id FROM alerts WHERE ended_at IS NULL AND ($1::bigint IS NULL OR group_id = $1)',
      [groupId],
    );
    return new Map(r.rows.map((x) => [x.location_id, x.id]));
  }

  /** Unconfirmed alarms by location (of one group, or of all for null). */
  async unconfirmedByLocation(groupId: number | null = null): Promise<Map<number, number>> {
    const r = await this.db.query<{ location_id: number; n: number }>(
      `SELECT location_id, count(*)::int AS n FROM alarms
       WHERE kind = 'lightning' AND confirmed_at IS NULL AND ($1::bigint IS NULL OR group_id = $1)
       GROUP BY location_id`,
      [groupId],
    );
    return new Map(r.rows.map((x) => [x.location_id, x.n]));
  }

  /**
   * The stroke log after a position: live strokes received after `afterUs` (microseconds since the epoch),
   * in the order they were received (commit order: see `StrokesRepo.insert`). Strokes that were already late
   * when they arrived never count.
   */
  async strokesAfter(afterUs: number, lateAfterMs: number, limit: number): Promise<StrokeRow[]> {
    const r = await this.db.query<StrokeRow>(
      `SELECT ${STROKE_COLUMNS}, ${RECEIVED_COLUMNS} FROM strokes
       WHERE received_at > 'epoch'::timestamptz + $1 * interval '1 microsecond'
         AND time >= 'epoch'::timestamptz + $1 * interval '1 microsecond' - $2 * interval '1 millisecond'
         AND time >= received_at - $2 * interval '1 millisecond'
       ORDER BY received_at LIMIT $3`,
      [afterUs, lateAfterMs, limit],
    );
    return r.rows;
  }

  /** The newest log position (where the engine starts when it has no watermark yet). */
  async logHead(): Promise<number> {
    const r = await this.db.query<{ us: number | null }>(
      `SELECT CASE WHEN isfinite(received_at) THEN (extract(epoch FROM received_at) * 1000000)::bigint END AS us
       FROM stroke_log_head WHERE id = 1`,
    );
    return r.rows[0]?.us ?? 0;
  }

  async saveStates(tx: Queryable, states: readonly StoredState[]): Promise<void> {
    if (states.length === 0) return;
    await tx.query(
      `INSERT INTO warning_states (location_id, group_id, level, state, predicted, updated_at)
       SELECT location_id, group_id, level, state, predicted, now()
       FROM jsonb_to_recordset($1::jsonb) AS x(location_id bigint, group_id bigint, level smallint, state jsonb,
         predicted jsonb)
       ON CONFLICT (location_id) DO UPDATE
         SET level = EXCLUDED.level, state = EXCLUDED.state, predicted = EXCLUDED.predicted,
           updated_at = EXCLUDED.updated_at`,
      [
        JSON.stringify(
          states.map((s) => ({
            location_id: s.locationId,
            group_id: s.groupId,
            level: s.level,
            state: s.state,
            predicted: s.predicted,
          })),
        ),
      ],
    );
  }

  async deleteState(tx: Queryable, locationId: number): Promise<void> {
    await tx.query('DELETE FROM warning_states WHERE location_id = $1', [locationId]);
  }

  async setWatermark(tx: Queryable, us: number): Promise<void> {
    await tx.query(
      `INSERT INTO warning_engine (id, watermark) VALUES (1, 'epoch'::timestamptz + $1 * interval '1 microsecond')
       ON CONFLICT (id) DO UPDATE SET watermark = GREATEST(warning_engine.watermark, EXCLUDED.watermark)`,
      [us],
    );
  }
}
