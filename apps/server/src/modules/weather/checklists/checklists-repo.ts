import type { ChecklistItem, ChecklistTick, WarningLevelName } from '@thunderwatch/shared/schemas/decision';
import type { Database } from '../../../db/database.js';

interface ItemRow extends Omit<ChecklistItem, 'id' | 'updated_at'> {
  id: string | number;
  updated_at: Date;
}

interface TickRow {
  item_id: string | number;
  ticked_by: string | number | null;
  ticked_by_name: string;
  ticked_at: Date;
}

const ITEM_COLUMNS = 'id, level, position, text_zh, text_en, updated_at';

const toItem = (r: ItemRow): ChecklistItem => ({
  ...r,
  id: Number(r.id),
  updated_at: r.updated_at.toISOString(),
});

const toTick = (r: TickRow): ChecklistTick => ({
  item_id: Number(r.item_id),
  ticked_by: { id: r.ticked_by === null ? null : Number(r.ticked_by), name: r.ticked_by_name },
  ticked_at: r.ticked_at.toISOString(),
});

/** The decision checklists' items (shared by every group) and each group's ticks per situation. */
export class ChecklistsRepo {
  constructor(private readonly db: Database) {}

  async items(level: WarningLevelName | null): Promise<ChecklistItem[]> {
    const r = await this.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM decision_checklist_items
       WHERE ($1::text IS NULL OR level = $1)
       ORDER BY array_position(ARRAY['blue','yellow','orange','red'], level), position, id`,
      [level],
    );
    return r.rows.map(toItem);
  }

  /** A new item goes last of its level unless a position is given. */
  async create(
    item: { level: WarningLevelName; position?: number; text_zh: string; text_en: string },
    userId: number,
  ): Promise<ChecklistItem> {
    const r = await this.db.query<ItemRow>(
      `INSERT INTO decision_checklist_items (level, position, text_zh, text_en, updated_by)
       SELECT $1, coalesce($2::int, least(1000, coalesce(max(position), 0) + 1)), $3, $4, $5
       FROM decision_checklist_items WHERE level = $1
       RETURNING ${ITEM_COLUMNS}`,
      [item.level, item.position ?? null, item.text_zh, item.text_en, userId],
    );
    return toItem(r.rows[0] as ItemRow);
  }

  async update(
    id: number,
    item: { level: WarningLevelName; position?: number; text_zh: string; text_en: string },
    userId: number,
  ): Promise<ChecklistItem | null> {
    const r = await this.db.query<ItemRow>(
      `UPDATE decision_checklist_items SET level = $2, position = coalesce($3::int, position),
         text_zh = $4, text_en = $5, updated_by = $6, updated_at = now()
       WHERE id = $1 RETURNING ${ITEM_COLUMNS}`,
      [id, item.level, item.position ?? null, item.text_zh, item.text_en, userId],
    );
    return r.rows[0] ? toItem(r.rows[0]) : null;
  }

  async remove(id: number): Promise<boolean> {
    return (await this.db.query('DELETE FROM decision_checklist_items WHERE id = $1', [id])).rowCount > 0;
  }

  async ticks(groupId: number, situation: string): Promise<ChecklistTick[]> {
    const r = await this.db.query<TickRow>(
      `SELECT item_id, ticked_by, ticked_by_name, ticked_at FROM decision_checklist_ticks
       WHERE group_id = $1 AND situation = $2 ORDER BY ticked_at, item_id`,
      [groupId, situation],
    );
    return r.rows.map(toTick);
  }

  /**
   * Ticks the item for the group (a second tick keeps the first one's who and when); null when there is no
   * such item.
   */
  async tick(
    groupId: number,
    situation: string,
    itemId: number,
    user: { id: number; name: string },
  ): Promise<ChecklistTick | null> {
    const r = await this.db.query<TickRow>(
      `WITH added AS (
         INSERT INTO decision_checklist_ticks (group_id, situation, item_id, ticked_by, ticked_by_name)
         SELECT $1, $2, id, $4, $5 FROM decision_checklist_items WHERE id = $3
         ON CONFLICT (group_id, situation, item_id) DO NOTHING
         RETURNING item_id, ticked_by, ticked_by_name, ticked_at
       )
       SELECT * FROM added
       UNION ALL
       SELECT item_id, ticked_by, ticked_by_name, ticked_at FROM decision_checklist_ticks
       WHERE group_id = $1 AND situation = $2 AND item_id = $3`,
      [groupId, situation, itemId, user.id, user.name],
    );
    return r.rows[0] ? toTick(r.rows[0]) : null;
  }

  async untick(groupId: number, situation: string, itemId: number): Promise<boolean> {
    const r = await this.db.query(
      'DELETE FROM decision_checklist_ticks WHERE group_id = $1 AND situation = $2 AND item_id = $3',
      [groupId, situation, itemId],
    );
    return r.rowCount > 0;
  }

  async itemExists(id: number): Promise<boolean> {
    const r = await this.db.query('SELECT 1 FROM decision_checklist_items WHERE id = $1', [id]);
    return r.rows.length > 0;
  }
}
