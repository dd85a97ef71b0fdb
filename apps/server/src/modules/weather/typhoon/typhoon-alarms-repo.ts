import type { TyphoonAlarm, TyphoonGrade } from '@thunderwatch/shared/schemas/typhoon';
import type { Queryable } from '../../../db/database.js';

/** An open typhoon alarm as the evaluation compares it. */
export interface OpenTyphoonAlarm {
  id: number;
  storm_id: number;
  location_id: number;
  level: 2 | 3;
}

export interface TyphoonAlarmFields {
  stormId: number;
  locationId: number;
  groupId: number;
  level: 2 | 3;
  insideGale: boolean;
  distanceKm: number;
  closestAt: Date;
  grade: TyphoonGrade;
}

const DTO = `a.id::float8 AS id, s.key AS storm_key, s.name_en, s.name_zh, a.location_id::float8 AS location_id,
  l.name AS location_name, a.group_id::float8 AS group_id, a.level, a.inside_gale, a.distance_km, a.closest_at,
  a.grade, a.raised_at, a.cleared_at
  FROM typhoon_alarms a JOIN typhoon_storms s ON s.id = a.storm_id JOIN locations l ON l.id = a.location_id`;

interface DtoRow {
  id: number;
  storm_key: string;
  name_en: string | null;
  name_zh: string | null;
  location_id: number;
  location_name: string;
  group_id: number;
  level: 2 | 3;
  inside_gale: boolean;
  distance_km: number;
  closest_at: Date;
  grade: TyphoonGrade;
  raised_at: Date;
  cleared_at: Date | null;
}

const toDto = (r: DtoRow): TyphoonAlarm => ({
  id: r.id,
  storm: { id: r.storm_key, name_en: r.name_en, name_zh: r.name_zh },
  location_id: r.location_id,
  location_name: r.location_name,
  group_id: r.group_id,
  level: r.level,
  inside_gale: r.inside_gale,
  distance_km: Math.round(r.distance_km * 10) / 10,
  closest_at: r.closest_at.toISOString(),
  grade: r.grade,
  raised_at: r.raised_at.toISOString(),
  cleared_at: r.cleared_at?.toISOString() ?? null,
});

export class TyphoonAlarmsRepo {
  constructor(private readonly db: Queryable) {}

  async open(tx: Queryable = this.db): Promise<OpenTyphoonAlarm[]> {
    const r = await tx.query<OpenTyphoonAlarm>(
      `SELECT id::float8 AS id, storm_id::float8 AS storm_id, location_id::float8 AS location_id, level
         FROM typhoon_alarms WHERE cleared_at IS NULL`,
    );
    return r.rows;
  }

  /** Opens an alarm unless one is open for the storm and location (another node's evaluation); its id if new. */
  async raise(f: TyphoonAlarmFields, at: Date, tx: Queryable): Promise<number | null> {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO typhoon_alarms (storm_id, location_id, group_id, level, inside_gale, distance_km, closest_at,
         grade, raised_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       ON CONFLICT (storm_id, location_id) WHERE cleared_at IS NULL DO NOTHING
       RETURNING id::float8 AS id`,
      [f.stormId, f.locationId, f.groupId, f.level, f.insideGale, f.distanceKm, f.closestAt, f.grade, at],
    );
    return r.rows[0]?.id ?? null;
  }

  /** An open alarm's facts follow the storm (no new message). */
  async refresh(id: number, f: TyphoonAlarmFields, at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE typhoon_alarms SET level = $2, inside_gale = $3, distance_km = $4, closest_at = $5, grade = $6,
         updated_at = $7
       WHERE id = $1 AND cleared_at IS NULL`,
      [id, f.level, f.insideGale, f.distanceKm, f.closestAt, f.grade, at],
    );
  }

  async clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE typhoon_alarms SET cleared_at = $2, updated_at = $2
        WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL`,
      [ids, at],
    );
  }

  /** Alarms of one group (or all for null), newest first; `active` true: open only, false: cleared only. */
  async list(q: { groupId: number | null; active: boolean | null }): Promise<TyphoonAlarm[]> {
    const r = await this.db.query<DtoRow>(
      `SELECT ${DTO}
        WHERE ($1::bigint IS NULL OR a.group_id = $1)
          AND ($2::boolean IS NULL OR (a.cleared_at IS NULL) = $2)
        ORDER BY a.raised_at DESC, a.id DESC
        LIMIT 500`,
      [q.groupId, q.active],
    );
    return r.rows.map(toDto);
  }
}
