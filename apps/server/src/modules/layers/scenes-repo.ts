import type { RotationStep, Scene, SceneTime } from '@thunderwatch/shared/schemas/layers';
import type { Queryable } from '../../db/database.js';

/** What a scene stores besides its name and sharing (column `view`). */
export type SceneView = Pick<Scene, 'center' | 'zoom' | 'bearing' | 'layers' | 'filters'> & {
  time: SceneTime;
};

export interface SceneFields {
  name: string;
  shared: boolean;
  view: SceneView;
  rotation: RotationStep[] | null;
}

/** A stored scene; `editable` is the service's to decide. */
export type SceneRecord = Omit<Scene, 'editable'>;

interface Row {
  id: number;
  group_id: number;
  owner_id: number | null;
  name: string;
  shared: boolean;
  view: SceneView;
  rotation: RotationStep[] | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, group_id, owner_id, name, shared, view, rotation, created_at, updated_at';

const toRecord = (r: Row): SceneRecord => ({
  id: r.id,
  group_id: r.group_id,
  owner_id: r.owner_id,
  name: r.name,
  shared: r.shared,
  ...r.view,
  rotation: r.rotation,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Saved map views (table scenes). A user reaches their own scenes and their group's shared ones. */
export class ScenesRepo {
  constructor(private readonly db: Queryable) {}

  async list(groupId: number, userId: number): Promise<SceneRecord[]> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM scenes WHERE group_id = $1 AND (shared OR owner_id = $2) ORDER BY name, id`,
      [groupId, userId],
    );
    return r.rows.map(toRecord);
  }

  /** The scene if the user reaches it (`groupId` null: any group's shared scenes, for admins). */
  async get(id: number, groupId: number | null, userId: number): Promise<SceneRecord | null> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM scenes WHERE id = $1 AND (owner_id = $3 OR (shared AND ($2::bigint IS NULL OR group_id = $2)))`,
      [id, groupId, userId],
    );
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  async create(groupId: number, ownerId: number, f: SceneFields, at: Date): Promise<SceneRecord> {
    const r = await this.db.query<Row>(
      `INSERT INTO scenes (group_id, owner_id, name, shared, view, rotation, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7) RETURNING ${COLUMNS}`,
      [groupId, ownerId, f.name, f.shared, JSON.stringify(f.view), jsonOrNull(f.rotation), at],
    );
    return toRecord(r.rows[0] as Row);
  }

  async update(id: number, f: SceneFields, at: Date): Promise<SceneRecord | null> {
    const r = await this.db.query<Row>(
      `UPDATE scenes SET name = $2, shared = $3, view = $4::jsonb, rotation = $5::jsonb, updated_at = $6
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, f.name, f.shared, JSON.stringify(f.view), jsonOrNull(f.rotation), at],
    );
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  async delete(id: number): Promise<void> {
    await this.db.query('DELETE FROM scenes WHERE id = $1', [id]);
  }
}

const jsonOrNull = (v: unknown) => (v === null ? null : JSON.stringify(v));
