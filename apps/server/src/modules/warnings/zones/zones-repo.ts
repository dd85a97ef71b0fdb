import type { PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import type { Queryable } from '../../../db/database.js';

export interface ZoneFields {
  name: string;
  geometry: PolygonGeometry;
  areaKm2: number;
}

export interface ZoneListQuery {
  /** null: every group (admins). */
  groupId: number | null;
  q?: string;
  limit: number;
  offset: number;
}

interface ZoneRow {
  id: number;
  group_id: number;
  name: string;
  geometry: PolygonGeometry;
  area_km2: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, group_id, name, geometry, area_km2, created_at, updated_at';

const toDto = (r: ZoneRow): ZoneDto => ({
  id: r.id,
  group_id: r.group_id,
  name: r.name,
  geometry: r.geometry,
  area_km2: r.area_km2,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export class ZonesRepo {
  constructor(private readonly db: Queryable) {}

  async list(query: ZoneListQuery): Promise<{ items: ZoneDto[]; total: number }> {
    const where = 'WHERE ($1::bigint IS NULL OR group_id = $1) AND ($2::text IS NULL OR name ILIKE $2)';
    const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
    const [items, total] = await Promise.all([
      this.db.query<ZoneRow>(`SELECT ${COLUMNS} FROM zones ${where} ORDER BY id LIMIT $3 OFFSET $4`, [
        query.groupId,
        pattern,
        query.limit,
        query.offset,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM zones ${where}`, [query.groupId, pattern]),
    ]);
    return { items: items.rows.map(toDto), total: total.rows[0]?.n ?? 0 };
  }

  /** Every zone of the scope, for export. */
  async all(groupId: number | null): Promise<ZoneDto[]> {
    const r = await this.db.query<ZoneRow>(
      `SELECT ${COLUMNS} FROM zones WHERE ($1::bigint IS NULL OR group_id = $1) ORDER BY id`,
      [groupId],
    );
    return r.rows.map(toDto);
  }

  /** `groupId` null reads any group; otherwise another group's zone is absent. */
  async get(id: number, groupId: number | null, db: Queryable = this.db): Promise<ZoneDto | null> {
    const r = await db.query<ZoneRow>(
      `SELECT ${COLUMNS} FROM zones WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)`,
      [id, groupId],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async create(
    groupId: number,
    f: ZoneFields,
    createdBy: number | null,
    db: Queryable = this.db,
  ): Promise<ZoneDto> {
    const r = await db.query<ZoneRow>(
      `INSERT INTO zones (group_id, name, geometry, area_km2, created_by)
       VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING ${COLUMNS}`,
      [groupId, f.name, JSON.stringify(f.geometry), f.areaKm2, createdBy],
    );
    return toDto(r.rows[0] as ZoneRow);
  }

  async update(id: number, f: ZoneFields, at: Date, db: Queryable = this.db): Promise<ZoneDto | null> {
    const r = await db.query<ZoneRow>(
      `UPDATE zones SET name = $2, geometry = $3::jsonb, area_km2 = $4, updated_at = $5
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, f.name, JSON.stringify(f.geometry), f.areaKm2, at],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async delete(id: number, db: Queryable = this.db): Promise<boolean> {
    const r = await db.query('DELETE FROM zones WHERE id = $1', [id]);
    return r.rowCount > 0;
  }
}
