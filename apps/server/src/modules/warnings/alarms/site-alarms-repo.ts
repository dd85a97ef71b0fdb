import type { SiteAlarmFacts, SiteAlarmKind } from '@thunderwatch/shared/alarm-kinds';
import type { Queryable } from '../../../db/database.js';

/** An open site alarm as an evaluation compares it. */
export interface OpenSiteAlarm<K extends SiteAlarmKind> {
  id: number;
  subject: string;
  location_id: number;
  group_id: number;
  level: number;
  facts: SiteAlarmFacts[K];
}

/** A site alarm to open: what it is about, where, for whom, how severe, and what its kind knows. */
export interface SiteAlarmFields<K extends SiteAlarmKind> {
  subject: string;
  locationId: number;
  groupId: number;
  level: number;
  facts: SiteAlarmFacts[K];
}

/** A site alarm as the lists read it: its row and its location's name. */
export interface SiteAlarmRow<K extends SiteAlarmKind> extends OpenSiteAlarm<K> {
  location_name: string;
  location_name_en: string | null;
  raised_at: Date;
  cleared_at: Date | null;
}

/**
 * How every kind's list reads its rows (`alarms a`): the kind's, of group `$1` (null: every group), open
 * (`$2` true), cleared (false) or both (null), newest first, at most 500.
 */
export const listedRows = (kind: SiteAlarmKind) => `WHERE a.kind = '${kind}'
          AND ($1::bigint IS NULL OR a.group_id = $1)
          AND ($2::boolean IS NULL OR (a.cleared_at IS NULL) = $2)
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT 500`;

const COLUMNS = `a.id::float8 AS id, a.subject, a.location_id::float8 AS location_id,
  a.group_id::float8 AS group_id, a.level, a.facts`;

/**
 * The SQL of site alarms (waves, typhoons, flights, weather warnings) in the one `alarms` table: at most one
 * open alarm per kind, subject and location (a unique index), opened, followed and cleared by its area's
 * evaluation.
 */
export class SiteAlarmsRepo {
  constructor(private readonly db: Queryable) {}

  async open<K extends SiteAlarmKind>(kind: K, tx: Queryable = this.db): Promise<OpenSiteAlarm<K>[]> {
    const r = await tx.query<OpenSiteAlarm<K>>(
      `SELECT ${COLUMNS} FROM alarms a WHERE a.kind = $1 AND a.cleared_at IS NULL`,
      [kind],
    );
    return r.rows;
  }

  /**
   * Opens an alarm unless one is open for the subject and location (another node's evaluation), or the
   * subject holds one for the location for good (a weather warning's life); its id if new.
   */
  async raise<K extends SiteAlarmKind>(
    kind: K,
    f: SiteAlarmFields<K>,
    at: Date,
    tx: Queryable,
  ): Promise<number | null> {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO alarms (kind, subject, location_id, group_id, level, facts, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT DO NOTHING
       RETURNING id::float8 AS id`,
      [kind, f.subject, f.locationId, f.groupId, f.level, JSON.stringify(f.facts), at],
    );
    return r.rows[0]?.id ?? null;
  }

  /** An open alarm follows its subject (no new message): its level and facts as now. */
  async refresh<K extends SiteAlarmKind>(
    id: number,
    level: number,
    facts: SiteAlarmFacts[K],
    at: Date,
    tx: Queryable,
  ): Promise<void> {
    await tx.query(
      `UPDATE alarms SET level = $2, facts = $3, updated_at = $4
        WHERE id = $1 AND cleared_at IS NULL AND kind <> 'lightning'`,
      [id, level, JSON.stringify(facts), at],
    );
  }

  async clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE alarms SET cleared_at = $2, updated_at = $2
        WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL AND kind <> 'lightning'`,
      [ids, at],
    );
  }

  /**
   * Alarms of a kind, newest first: of one group (or all for null); `active` true: open only, false: cleared
   * only; of one location since `since` (open ones whenever raised) when `locationId` is given; `openFirst`
   * lists the open ones before the cleared ones.
   */
  async list<K extends SiteAlarmKind>(
    kind: K,
    q: {
      groupId: number | null;
      active: boolean | null;
      locationId?: number;
      since?: Date;
      openFirst?: boolean;
    },
    limit: number,
  ): Promise<SiteAlarmRow<K>[]> {
    const r = await this.db.query<SiteAlarmRow<K>>(
      `SELECT ${COLUMNS}, l.name AS location_name, l.name_en AS location_name_en, a.created_at AS raised_at,
         a.cleared_at
         FROM alarms a JOIN locations l ON l.id = a.location_id
        WHERE a.kind = $1
          AND ($2::bigint IS NULL OR a.group_id = $2)
          AND ($3::boolean IS NULL OR (a.cleared_at IS NULL) = $3)
          AND ($4::bigint IS NULL OR a.location_id = $4)
          AND ($5::timestamptz IS NULL OR a.cleared_at IS NULL OR a.created_at >= $5)
        ORDER BY ($7::boolean AND a.cleared_at IS NULL) DESC, a.created_at DESC, a.id DESC
        LIMIT $6`,
      [kind, q.groupId, q.active, q.locationId ?? null, q.since ?? null, limit, q.openFirst ?? false],
    );
    return r.rows;
  }
}
