import type { WarningState } from '@thunderwatch/domain/ring-rules';
import type { AlertStroke, Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { Database, Queryable } from '../../db/database.js';
import { STROKE_COLUMNS, type StrokeRow } from '../strokes/stroke-row.js';

/** One location's engine state as stored. */
export interface StoredState {
  locationId: number;
  groupId: number;
  level: Level;
  state: WarningState;
}

export interface TimelineEntry {
  at: string;
  level: Level;
}

/** An episode opened by a batch; the fields after `timeline` are set when it also changes in the batch. */
export interface NewAlert {
  id: number;
  locationId: number;
  groupId: number;
  startedAt: Date;
  peakLevel: RingLevel;
  firstStroke: AlertStroke | null;
  nearestKm: number | null;
  timeline: TimelineEntry[];
  endedAt: Date | null;
  rings: RingTally[] | null;
}

export interface AlertChange {
  id: number;
  timeline: TimelineEntry[];
  peakLevel: RingLevel | null;
  endedAt: Date | null;
  rings: RingTally[] | null;
  nearestKm: number | null;
}

export interface NewAlarm {
  id: number;
  alertId: number;
  locationId: number;
  groupId: number;
  level: RingLevel;
  previousLevel: Level;
  at: Date;
  nearestKm: number | null;
  bearingDeg: number | null;
}

export interface EventRow {
  locationId: number;
  groupId: number;
  alertId: number | null;
  at: Date;
  from: Level;
  to: Level;
}

export interface RingTally {
  radius_km: number;
  level: RingLevel;
  strokes: number;
}

/**
 * The warning engine's SQL: its stored states and watermark, alert episodes, alarms and level-change
 * events. Every method that writes takes the transaction it belongs to.
 */
export class WarningStore {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async loadStates(): Promise<StoredState[]> {
    const r = await this.db.query<{
      location_id: number;
      group_id: number;
      level: number;
      state: WarningState;
    }>('SELECT location_id, group_id, level, state FROM warning_states');
    return r.rows.map((x) => ({
      locationId: x.location_id,
      groupId: x.group_id,
      level: x.level as Level,
      state: x.state,
    }));
  }

  async watermark(): Promise<Date | null> {
    const r = await this.db.query<{ watermark: Date }>('SELECT watermark FROM warning_engine WHERE id = 1');
    return r.rows[0]?.watermark ?? null;
  }

  /** Open episodes by location. */
  async openAlerts(): Promise<Map<number, number>> {
    const r = await this.db.query<{ id: number; location_id: number }>(
      'SELECT id, location_id FROM alerts WHERE ended_at IS NULL',
    );
    return new Map(r.rows.map((x) => [x.location_id, x.id]));
  }

  async unconfirmedByLocation(): Promise<Map<number, number>> {
    const r = await this.db.query<{ location_id: number; n: number }>(
      'SELECT location_id, count(*)::int AS n FROM alarms WHERE confirmed_at IS NULL GROUP BY location_id',
    );
    return new Map(r.rows.map((x) => [x.location_id, x.n]));
  }

  /**
   * Live strokes received after the watermark (the ones whose effect may be missing from the stored
   * states after a crash), oldest first. Strokes that were already late when they arrived never count.
   * The watermark has the milliseconds of a JS Date, received_at microseconds: compare at milliseconds.
   */
  async strokesToReplay(since: Date, lateAfterMs: number, limit: number): Promise<StrokeRow[]> {
    const r = await this.db.query<StrokeRow>(
      `SELECT ${STROKE_COLUMNS}, received_at FROM strokes
       WHERE date_trunc('milliseconds', received_at) > $1
         AND time >= $1::timestamptz - $2 * interval '1 millisecond'
         AND time >= received_at - $2 * interval '1 millisecond'
       ORDER BY received_at, time LIMIT $3`,
      [since, lateAfterMs, limit],
    );
    return r.rows;
  }

  async saveStates(tx: Queryable, states: readonly StoredState[]): Promise<void> {
    if (states.length === 0) return;
    await tx.query(
      `INSERT INTO warning_states (location_id, group_id, level, state, updated_at)
       SELECT location_id, group_id, level, state, now()
       FROM jsonb_to_recordset($1::jsonb) AS x(location_id bigint, group_id bigint, level smallint, state jsonb)
       ON CONFLICT (location_id) DO UPDATE
         SET level = EXCLUDED.level, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
      [
        JSON.stringify(
          states.map((s) => ({
            location_id: s.locationId,
            group_id: s.groupId,
            level: s.level,
            state: s.state,
          })),
        ),
      ],
    );
  }

  async deleteState(tx: Queryable, locationId: number): Promise<void> {
    await tx.query('DELETE FROM warning_states WHERE location_id = $1', [locationId]);
  }

  async setWatermark(tx: Queryable, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO warning_engine (id, watermark) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET watermark = GREATEST(warning_engine.watermark, EXCLUDED.watermark)`,
      [at],
    );
  }

  /** Ids for the new alerts of a batch, taken before they are written so that alarms can refer to them. */
  async nextAlertIds(tx: Queryable, n: number): Promise<number[]> {
    return this.nextIds(tx, 'alerts_id_seq', n);
  }

  async nextAlarmIds(tx: Queryable, n: number): Promise<number[]> {
    return this.nextIds(tx, 'alarms_id_seq', n);
  }

  async insertAlerts(tx: Queryable, alerts: readonly NewAlert[]): Promise<void> {
    if (alerts.length === 0) return;
    await tx.query(
      `INSERT INTO alerts (id, location_id, group_id, started_at, ended_at, peak_level, first_stroke, nearest_km,
         ring_counts, timeline)
       SELECT id, location_id, group_id, started_at, ended_at, peak_level, first_stroke, nearest_km,
         COALESCE(ring_counts, '[]'), timeline
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, location_id bigint, group_id bigint,
         started_at timestamptz, ended_at timestamptz, peak_level smallint, first_stroke jsonb, nearest_km float8,
         ring_counts jsonb, timeline jsonb)`,
      [
        JSON.stringify(
          alerts.map((a) => ({
            id: a.id,
            location_id: a.locationId,
            group_id: a.groupId,
            started_at: a.startedAt.toISOString(),
            ended_at: a.endedAt?.toISOString() ?? null,
            peak_level: a.peakLevel,
            first_stroke: a.firstStroke,
            nearest_km: a.nearestKm,
            ring_counts: a.rings,
            timeline: a.timeline,
          })),
        ),
      ],
    );
  }

  /**
   * Changes to existing episodes: timeline entries appended, the peak raised, the running tallies, and
   * the end of those that closed. A null field keeps the stored value.
   */
  async changeAlerts(tx: Queryable, changes: readonly AlertChange[]): Promise<void> {
    if (changes.length === 0) return;
    await tx.query(
      `UPDATE alerts a SET
         timeline = a.timeline || x.timeline,
         peak_level = GREATEST(a.peak_level, COALESCE(x.peak_level, 0)),
         ended_at = COALESCE(x.ended_at, a.ended_at),
         ring_counts = COALESCE(x.ring_counts, a.ring_counts),
         nearest_km = COALESCE(x.nearest_km, a.nearest_km)
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, timeline jsonb, peak_level smallint,
         ended_at timestamptz, ring_counts jsonb, nearest_km float8)
       WHERE a.id = x.id`,
      [
        JSON.stringify(
          changes.map((c) => ({
            id: c.id,
            timeline: c.timeline,
            peak_level: c.peakLevel,
            ended_at: c.endedAt?.toISOString() ?? null,
            ring_counts: c.rings,
            nearest_km: c.nearestKm,
          })),
        ),
      ],
    );
  }

  async insertAlarms(tx: Queryable, alarms: readonly NewAlarm[]): Promise<void> {
    if (alarms.length === 0) return;
    await tx.query(
      `INSERT INTO alarms (id, alert_id, location_id, group_id, level, previous_level, created_at, nearest_km,
         bearing_deg)
       SELECT id, alert_id, location_id, group_id, level, previous_level, created_at, nearest_km, bearing_deg
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, alert_id bigint, location_id bigint, group_id bigint,
         level smallint, previous_level smallint, created_at timestamptz, nearest_km float8, bearing_deg float8)`,
      [
        JSON.stringify(
          alarms.map((a) => ({
            id: a.id,
            alert_id: a.alertId,
            location_id: a.locationId,
            group_id: a.groupId,
            level: a.level,
            previous_level: a.previousLevel,
            created_at: a.at.toISOString(),
            nearest_km: a.nearestKm,
            bearing_deg: a.bearingDeg,
          })),
        ),
      ],
    );
  }

  async insertEvents(tx: Queryable, events: readonly EventRow[]): Promise<void> {
    if (events.length === 0) return;
    await tx.query(
      `INSERT INTO warning_events (location_id, group_id, alert_id, at, from_level, to_level)
       SELECT location_id, group_id, alert_id, at, from_level, to_level
       FROM jsonb_to_recordset($1::jsonb) AS x(n int, location_id bigint, group_id bigint, alert_id bigint,
         at timestamptz, from_level smallint, to_level smallint)
       ORDER BY n`,
      [
        JSON.stringify(
          events.map((e, n) => ({
            n,
            location_id: e.locationId,
            group_id: e.groupId,
            alert_id: e.alertId,
            at: e.at.toISOString(),
            from_level: e.from,
            to_level: e.to,
          })),
        ),
      ],
    );
  }

  /** Closes episodes whose location is gone or no longer warning (found at start). */
  async closeAlerts(tx: Queryable, alertIds: readonly number[], at: Date): Promise<void> {
    if (alertIds.length === 0) return;
    await tx.query(
      `UPDATE alerts SET ended_at = $2,
         timeline = timeline || jsonb_build_array(jsonb_build_object('at', $3::text, 'level', 0))
       WHERE id = ANY($1::bigint[]) AND ended_at IS NULL`,
      [`{${alertIds.join(',')}}`, at, at.toISOString()],
    );
  }

  private async nextIds(tx: Queryable, sequence: string, n: number): Promise<number[]> {
    if (n === 0) return [];
    const r = await tx.query<{ id: number }>(
      `SELECT nextval('${sequence}') AS id FROM generate_series(1, $1)`,
      [n],
    );
    return r.rows.map((x) => Number(x.id));
  }

  /** Confirms once: a second confirmation keeps the first one's who, when and note. */
  async confirmAlarm(id: number, userId: number, note: string | null, at: Date): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE alarms SET confirmed_at = $3, confirmed_by = $2, note = $4
       WHERE id = $1 AND confirmed_at IS NULL`,
      [id, userId, at, note],
    );
    return r.rowCount > 0;
  }

  /** Level rises per hour; used by the engine's own tests and statistics. */
  async warningPeriods(
    locationId: number,
    from: Date,
    to: Date,
  ): Promise<{ at: Date; from_level: number; to_level: number }[]> {
    const r = await this.db.query<{ at: Date; from_level: number; to_level: number }>(
      `(SELECT at, from_level, to_level FROM warning_events
        WHERE location_id = $1 AND at < $2 ORDER BY at DESC, id DESC LIMIT 1)
       UNION ALL
       (SELECT at, from_level, to_level FROM warning_events
        WHERE location_id = $1 AND at >= $2 AND at < $3 ORDER BY at, id)`,
      [locationId, from, to],
    );
    return r.rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
}
