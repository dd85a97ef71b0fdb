import { alarmDto, type RaisedAlarm } from '@thunderwatch/domain/warnings/raised-alarm';
import type { AlertStroke } from '@thunderwatch/shared/schemas/alerts';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { Queryable } from '../../db/database.js';

export interface RingTally {
  radius_km: number;
  level: RingLevel;
  strokes: number;
  /** Time of the ring's first counted stroke in the episode; absent when it counted none. */
  first_at?: string;
}

export interface TimelineEntry {
  at: string;
  level: Level;
  /** Present (true) only on a predicted level: a ring's entries read as before predictions existed. */
  predicted?: true;
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
  /** Begun by a prediction (a lightning jump) rather than a ring. */
  predicted: boolean;
  /** When a ring first fired in it (its start unless predicted; null while none has). */
  ringAt: Date | null;
}

export interface AlertChange {
  id: number;
  timeline: TimelineEntry[];
  peakLevel: RingLevel | null;
  endedAt: Date | null;
  rings: RingTally[] | null;
  nearestKm: number | null;
  /** Set once: the first ring of an episode a prediction began. */
  ringAt: Date | null;
}

export interface EventRow {
  locationId: number;
  groupId: number;
  alertId: number | null;
  at: Date;
  from: Level;
  to: Level;
}

/**
 * The rows a batch of warning changes writes: new alert episodes, changes to open ones, alarms and
 * level-change events, each kind with one statement for the whole batch (a storm front raises hundreds
 * of locations at once). Ids are taken up front so that alarms and events can refer to new episodes.
 */
export class EpisodesRepo {
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
         ring_counts, timeline, predicted, ring_at)
       SELECT id, location_id, group_id, started_at, ended_at, peak_level, first_stroke, nearest_km,
         COALESCE(ring_counts, '[]'), timeline, predicted, ring_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, location_id bigint, group_id bigint,
         started_at timestamptz, ended_at timestamptz, peak_level smallint, first_stroke jsonb, nearest_km float8,
         ring_counts jsonb, timeline jsonb, predicted boolean, ring_at timestamptz)`,
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
            predicted: a.predicted,
            ring_at: a.ringAt?.toISOString() ?? null,
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
         nearest_km = COALESCE(x.nearest_km, a.nearest_km),
         ring_at = COALESCE(a.ring_at, x.ring_at)
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, timeline jsonb, peak_level smallint,
         ended_at timestamptz, ring_counts jsonb, nearest_km float8, ring_at timestamptz)
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
            ring_at: c.ringAt?.toISOString() ?? null,
          })),
        ),
      ],
    );
  }

  async insertAlarms(tx: Queryable, alarms: readonly RaisedAlarm[]): Promise<void> {
    if (alarms.length === 0) return;
    await tx.query(
      `INSERT INTO alarms (id, alert_id, location_id, group_id, level, previous_level, created_at, nearest_km,
         bearing_deg, predicted_by)
       SELECT id, alert_id, location_id, group_id, level, previous_level, created_at, nearest_km, bearing_deg,
         predicted_by
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, alert_id bigint, location_id bigint, group_id bigint,
         level smallint, previous_level smallint, created_at timestamptz, nearest_km float8, bearing_deg float8,
         predicted_by jsonb)`,
      // The DTO's names are the columns' (the record set picks the ones it lists).
      [JSON.stringify(alarms.map(alarmDto))],
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
}
