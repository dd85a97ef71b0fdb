import type { StoredPredict } from '@thunderwatch/domain/warnings/predict-setting';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import type { Queryable } from '../../../db/database.js';
import type { LocationRecord } from './location-changes.js';

/** A location with its bookkeeping times (ISO UTC). */
export interface StoredLocation extends LocationRecord {
  /** Wave alarm threshold (cm); null: the portal's. The warning engine does not need it. */
  waveAlertCm: number | null;
  /** An airport: the board's aviation view and flight alarms. */
  isAirport: boolean;
  airportIcao: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LocationFields {
  name: string;
  nameEn: string | null;
  shape: LocationShape;
  zoneId: number | null;
  timeZone: string;
  enabled: boolean;
  rings: Ring[];
  predict: StoredPredict;
  waveAlertCm: number | null;
  isAirport: boolean;
  airportIcao: string | null;
}

export interface LocationListQuery {
  /** null: every group (admins). */
  groupId: number | null;
  enabled?: boolean;
  q?: string;
  limit: number;
  offset: number;
}

interface LocationRow {
  id: number;
  group_id: number;
  name: string;
  name_en: string | null;
  shape: LocationShape;
  zone_id: number | null;
  time_zone: string;
  enabled: boolean;
  rings: Ring[];
  predict_enabled: boolean;
  predict_range_km: number;
  predict_level: 1 | 2 | 3 | null;
  wave_alert_cm: number | null;
  is_airport: boolean;
  airport_icao: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, group_id, name, name_en, shape, zone_id, time_zone, enabled, rings, predict_enabled, predict_range_km,
  predict_level, wave_alert_cm, is_airport, airport_icao, created_at, updated_at`;

const toStored = (r: LocationRow): StoredLocation => ({
  id: r.id,
  groupId: r.group_id,
  name: r.name,
  nameEn: r.name_en,
  shape: r.shape,
  zoneId: r.zone_id,
  timeZone: r.time_zone,
  enabled: r.enabled,
  rings: r.rings,
  predict: { enabled: r.predict_enabled, rangeKm: r.predict_range_km, level: r.predict_level },
  waveAlertCm: r.wave_alert_cm,
  isAirport: r.is_airport,
  airportIcao: r.airport_icao,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The engine's view: no bookkeeping times. */
export const toRecord = ({
  createdAt: _c,
  updatedAt: _u,
  waveAlertCm: _w,
  isAirport: _a,
  airportIcao: _i,
  ...record
}: StoredLocation): LocationRecord => record;

const likePattern = (q: string | undefined) => (q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null);

export class LocationsRepo {
  constructor(private readonly db: Queryable) {}

  async list(query: LocationListQuery): Promise<{ items: StoredLocation[]; total: number }> {
    const where = `WHERE deleted_at IS NULL AND ($1::bigint IS NULL OR group_id = $1)
      AND ($2::boolean IS NULL OR enabled = $2)
      AND ($3::text IS NULL OR name ILIKE $3 OR name_en ILIKE $3)`;
    const params = [query.groupId, query.enabled ?? null, likePattern(query.q)];
    const [items, total] = await Promise.all([
      this.db.query<LocationRow>(`SELECT ${COLUMNS} FROM locations ${where} ORDER BY id LIMIT $4 OFFSET $5`, [
        ...params,
        query.limit,
        query.offset,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM locations ${where}`, params),
    ]);
    return { items: items.rows.map(toStored), total: total.rows[0]?.n ?? 0 };
  }

  /** A live (not deleted) location; `groupId` null reads any group, otherwise another group's is absent. */
  async get(id: number, groupId: number | null, db: Queryable = this.db): Promise<StoredLocation | null> {
    const r = await db.query<LocationRow>(
      `SELECT ${COLUMNS} FROM locations
       WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR group_id = $2)`,
      [id, groupId],
    );
    return r.rows[0] ? toStored(r.rows[0]) : null;
  }

  /** Which of `ids` are live locations (not deleted), of any group. */
  async liveIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const r = await this.db.query<{ id: number }>(
      'SELECT id FROM locations WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
      [ids],
    );
    return new Set(r.rows.map((row) => Number(row.id)));
  }

  /** Every live location of one group (or of every group for null), enabled or not, in id order. */
  async ofGroup(groupId: number | null): Promise<StoredLocation[]> {
    const r = await this.db.query<LocationRow>(
      `SELECT ${COLUMNS} FROM locations
       WHERE ($1::bigint IS NULL OR group_id = $1) AND deleted_at IS NULL ORDER BY id`,
      [groupId],
    );
    return r.rows.map(toStored);
  }

  /**
   * Every enabled live location of one group, or of every group for null: what the warning engine watches
   * (and a standby answers for).
   */
  async listAllEnabled(groupId: number | null = null): Promise<LocationRecord[]> {
    const r = await this.db.query<LocationRow>(
      `SELECT ${COLUMNS} FROM locations
       WHERE enabled AND deleted_at IS NULL AND ($1::bigint IS NULL OR group_id = $1) ORDER BY id`,
      [groupId],
    );
    return r.rows.map((row) => toRecord(toStored(row)));
  }

  async create(
    groupId: number,
    f: LocationFields,
    createdBy: number | null,
    db: Queryable = this.db,
    /** When it was made, by the portal's clock (warning skill scores it from then); the database's now if absent. */
    createdAt?: Date,
  ): Promise<StoredLocation> {
    const r = await db.query<LocationRow>(
      `INSERT INTO locations (group_id, name, shape, zone_id, time_zone, enabled, rings, created_by,
         predict_enabled, predict_range_km, predict_level, wave_alert_cm, is_airport, airport_icao, created_at,
         updated_at, name_en)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14,
         COALESCE($15::timestamptz, now()), COALESCE($15::timestamptz, now()), $16) RETURNING ${COLUMNS}`,
      [
        groupId,
        f.name,
        JSON.stringify(f.shape),
        f.zoneId,
        f.timeZone,
        f.enabled,
        JSON.stringify(f.rings),
        createdBy,
        f.predict.enabled,
        f.predict.rangeKm,
        f.predict.level,
        f.waveAlertCm,
        f.isAirport,
        f.airportIcao,
        createdAt ?? null,
        f.nameEn,
      ],
    );
    return toStored(r.rows[0] as LocationRow);
  }

  async update(
    id: number,
    f: LocationFields,
    at: Date,
    db: Queryable = this.db,
  ): Promise<StoredLocation | null> {
    const r = await db.query<LocationRow>(
      `UPDATE locations SET name = $2, shape = $3::jsonb, zone_id = $4, time_zone = $5, enabled = $6,
         rings = $7::jsonb, updated_at = $8, predict_enabled = $9, predict_range_km = $10, predict_level = $11,
         wave_alert_cm = $12, is_airport = $13, airport_icao = $14, name_en = $15
       WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [
        id,
        f.name,
        JSON.stringify(f.shape),
        f.zoneId,
        f.timeZone,
        f.enabled,
        JSON.stringify(f.rings),
        at,
        f.predict.enabled,
        f.predict.rangeKm,
        f.predict.level,
        f.waveAlertCm,
        f.isAirport,
        f.airportIcao,
        f.nameEn,
      ],
    );
    return r.rows[0] ? toStored(r.rows[0]) : null;
  }

  /** Marks a live location deleted; its alert history stays readable. */
  async softDelete(
    id: number,
    groupId: number | null,
    at: Date,
  ): Promise<{ id: number; groupId: number } | null> {
    const r = await this.db.query<{ id: number; group_id: number }>(
      `UPDATE locations SET deleted_at = $3, updated_at = $3
       WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR group_id = $2) RETURNING id, group_id`,
      [id, groupId, at],
    );
    const row = r.rows[0];
    return row ? { id: row.id, groupId: row.group_id } : null;
  }

  /** Gives every live location made from a zone the zone's new polygon. */
  async reshapeFromZone(
    zoneId: number,
    shape: LocationShape,
    at: Date,
    db: Queryable = this.db,
  ): Promise<StoredLocation[]> {
    const r = await db.query<LocationRow>(
      `UPDATE locations SET shape = $2::jsonb, updated_at = $3
       WHERE zone_id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [zoneId, JSON.stringify(shape), at],
    );
    return r.rows.map(toStored);
  }

  /** Names of the live locations made from a zone (it cannot be deleted while there are any). */
  async namesUsingZone(zoneId: number, db: Queryable = this.db): Promise<string[]> {
    const r = await db.query<{ name: string }>(
      'SELECT name FROM locations WHERE zone_id = $1 AND deleted_at IS NULL ORDER BY id',
      [zoneId],
    );
    return r.rows.map((row) => row.name);
  }

  /** Deleted locations keep their shape copy but let go of the zone, so that the zone can be deleted. */
  async releaseZone(zoneId: number, db: Queryable = this.db): Promise<void> {
    await db.query('UPDATE locations SET zone_id = NULL WHERE zone_id = $1 AND deleted_at IS NOT NULL', [
      zoneId,
    ]);
  }

  async userTimeZone(userId: number): Promise<string | null> {
    const r = await this.db.query<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', [
      userId,
    ]);
    return r.rows[0]?.time_zone ?? null;
  }
}
