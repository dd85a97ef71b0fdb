import type { WeatherWarningAlarm, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { Queryable } from '../../../db/database.js';

/** An alarm as the evaluation compares it: its life, location, message and that message's colour. */
export interface LifeAlarm {
  id: number;
  life_key: string;
  warning_id: number;
  location_id: number;
  level: number;
  colour: WeatherWarningLevel;
  cleared: boolean;
}

export interface WarningAlarmFields {
  lifeKey: string;
  warningId: number;
  locationId: number;
  groupId: number;
  level: 1 | 2 | 3;
}

const LIFE_ALARM = `a.id::float8 AS id, a.life_key, a.warning_id::float8 AS warning_id,
  a.location_id::float8 AS location_id, a.level, w.level AS colour, a.cleared_at IS NOT NULL AS cleared
  FROM weather_warning_alarms a JOIN weather_warnings w ON w.id = a.warning_id`;

interface DtoRow {
  id: number;
  warning_id: number;
  kind: WeatherWarningAlarm['kind'];
  colour: WeatherWarningAlarm['level'];
  event: string;
  headline: string | null;
  expires: Date | null;
  location_id: number;
  location_name: string;
  group_id: number;
  raised_at: Date;
  cleared_at: Date | null;
}

export class WeatherWarningAlarmsRepo {
  constructor(private readonly db: Queryable) {}

  /** The open alarms, and the cleared ones of the lives `lives` (the evaluation may open them again). */
  async current(lives: readonly string[], tx: Queryable): Promise<LifeAlarm[]> {
    const r = await tx.query<LifeAlarm>(
      `SELECT ${LIFE_ALARM} WHERE a.cleared_at IS NULL OR a.life_key = ANY($1::text[])`,
      [lives],
    );
    return r.rows;
  }

  /** Opens the life's alarm at the location unless it has one (another node's evaluation); its id if new. */
  async raise(f: WarningAlarmFields, at: Date, tx: Queryable): Promise<number | null> {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO weather_warning_alarms (life_key, warning_id, location_id, group_id, level, raised_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (life_key, location_id) DO NOTHING
       RETURNING id::float8 AS id`,
      [f.lifeKey, f.warningId, f.locationId, f.groupId, f.level, at],
    );
    return r.rows[0]?.id ?? null;
  }

  /** The alarm follows its life's newest message (and is open again if it was cleared). */
  async follow(id: number, f: WarningAlarmFields, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE weather_warning_alarms SET warning_id = $2, level = $3, group_id = $4, cleared_at = NULL WHERE id = $1`,
      [id, f.warningId, f.level, f.groupId],
    );
  }

  async clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE weather_warning_alarms SET cleared_at = $2 WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL`,
      [ids, at],
    );
  }

  /** Alarms of one group (or all for null), newest first; `active` true: open only, false: cleared only. */
  async list(q: { groupId: number | null; active: boolean | null }): Promise<WeatherWarningAlarm[]> {
    const r = await this.db.query<DtoRow>(
      `SELECT a.id::float8 AS id, a.warning_id::float8 AS warning_id, w.kind, w.level AS colour, w.event, w.headline,
          w.expires, a.location_id::float8 AS location_id, l.name AS location_name, a.group_id::float8 AS group_id,
          a.raised_at, a.cleared_at
        FROM weather_warning_alarms a
        JOIN weather_warnings w ON w.id = a.warning_id
        JOIN locations l ON l.id = a.location_id
        WHERE ($1::bigint IS NULL OR a.group_id = $1)
          AND ($2::boolean IS NULL OR (a.cleared_at IS NULL) = $2)
        ORDER BY a.raised_at DESC, a.id DESC
        LIMIT 500`,
      [q.groupId, q.active],
    );
    return r.rows.map((x) => ({
      id: x.id,
      warningId: x.warning_id,
      kind: x.kind,
      level: x.colour,
      event: x.event,
      headline: x.headline,
      expires: x.expires?.toISOString() ?? null,
      locationId: x.location_id,
      locationName: x.location_name,
      groupId: x.group_id,
      raisedAt: x.raised_at.toISOString(),
      clearedAt: x.cleared_at?.toISOString() ?? null,
    }));
  }
}
