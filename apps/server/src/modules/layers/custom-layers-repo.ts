import { customLayerId } from '@thunderwatch/shared/map-layers';
import type { CustomLayer, CustomLayerKind } from '@thunderwatch/shared/schemas/layers';
import type { Queryable } from '../../db/database.js';

export interface CustomLayerFields {
  name: string;
  kind: CustomLayerKind;
  geojson: unknown | null;
  url: string | null;
  attribution: string;
  color: string;
  opacity: number;
}

interface Row {
  id: number;
  group_id: number;
  name: string;
  kind: CustomLayerKind;
  geojson: unknown | null;
  url: string | null;
  attribution: string;
  color: string;
  opacity: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, group_id, name, kind, geojson, url, attribution, color, opacity, created_at, updated_at';

const toDto = (r: Row): CustomLayer => ({
  id: r.id,
  layer_id: customLayerId(r.id),
  group_id: r.group_id,
  name: r.name,
  kind: r.kind,
  ...(r.geojson !== null ? { geojson: r.geojson } : {}),
  url: r.url,
  attribution: r.attribution,
  color: r.color,
  opacity: r.opacity,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Custom map layers of a group (table custom_layers). */
export class CustomLayersRepo {
  constructor(private readonly db: Queryable) {}

  async list(groupId: number): Promise<CustomLayer[]> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM custom_layers WHERE group_id = $1 ORDER BY id`,
      [groupId],
    );
    return r.rows.map(toDto);
  }

  /** `groupId` null reads any group; otherwise another group's layer is absent. */
  async get(id: number, groupId: number | null): Promise<CustomLayer | null> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM custom_layers WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)`,
      [id, groupId],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async create(groupId: number, f: CustomLayerFields, createdBy: number, at: Date): Promise<CustomLayer> {
    const r = await this.db.query<Row>(
      `INSERT INTO custom_layers (group_id, name, kind, geojson, url, attribution, color, opacity, created_by,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $10) RETURNING ${COLUMNS}`,
      [
        groupId,
        f.name,
        f.kind,
        f.geojson === null ? null : JSON.stringify(f.geojson),
        f.url,
        f.attribution,
        f.color,
        f.opacity,
        createdBy,
        at,
      ],
    );
    return toDto(r.rows[0] as Row);
  }

  async update(id: number, f: CustomLayerFields, at: Date): Promise<CustomLayer | null> {
    const r = await this.db.query<Row>(
      `UPDATE custom_layers SET name = $2, kind = $3, geojson = $4::jsonb, url = $5, attribution = $6,
         color = $7, opacity = $8, updated_at = $9
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        f.name,
        f.kind,
        f.geojson === null ? null : JSON.stringify(f.geojson),
        f.url,
        f.attribution,
        f.color,
        f.opacity,
        at,
      ],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async delete(id: number): Promise<void> {
    await this.db.query('DELETE FROM custom_layers WHERE id = $1', [id]);
  }
}
