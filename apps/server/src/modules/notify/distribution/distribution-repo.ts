import type { DistributionInput } from '@thunderwatch/shared/schemas/distribution';
import type { Database } from '../../../db/database.js';
import type { StoredList, StoredRecipient } from './webhook-options.js';

const COLUMNS = `id, group_id, name, locations, min_level, channels, recipients, quiet_hours, escalate_after_min,
  escalate_to, language, builtin, created_at, updated_at`;

interface Row extends Omit<StoredList, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

/** A list to write: webhook secrets already resolved (kept, replaced or removed) by the service. */
export interface StoredInput extends Omit<DistributionInput, 'recipients' | 'escalate_to'> {
  recipients: StoredRecipient[];
  escalate_to?: StoredRecipient[] | null;
}

const toDto = (r: Row): StoredList => ({
  ...r,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const values = (i: StoredInput) => [
  i.name,
  JSON.stringify(i.locations),
  i.min_level,
  JSON.stringify(i.channels),
  JSON.stringify(i.recipients),
  i.quiet_hours ? JSON.stringify(i.quiet_hours) : null,
  i.escalate_after_min ?? null,
  i.escalate_to ? JSON.stringify(i.escalate_to) : null,
  i.language ?? null,
];

/**
 * Distribution lists as stored, webhook secrets included (the service decides what the API shows); `scope`
 * is the caller's group, or null for admins (every group).
 */
export class DistributionRepo {
  constructor(private readonly db: Database) {}

  async list(groupId: number | null): Promise<StoredList[]> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM distribution_lists WHERE $1::bigint IS NULL OR group_id = $1 ORDER BY name, id`,
      [groupId],
    );
    return r.rows.map(toDto);
  }

  async get(id: number, scope: number | null): Promise<StoredList | null> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM distribution_lists WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)`,
      [id, scope],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async create(groupId: number, input: StoredInput, userId: number): Promise<StoredList> {
    const r = await this.db.query<Row>(
      `INSERT INTO distribution_lists (name, locations, min_level, channels, recipients, quiet_hours,
         escalate_after_min, escalate_to, language, group_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
      [...values(input), groupId, userId],
    );
    return toDto(r.rows[0] as Row);
  }

  async update(id: number, scope: number | null, input: StoredInput, at: Date): Promise<StoredList | null> {
    const r = await this.db.query<Row>(
      `UPDATE distribution_lists SET name = $1, locations = $2, min_level = $3, channels = $4, recipients = $5,
         quiet_hours = $6, escalate_after_min = $7, escalate_to = $8, language = $9, updated_at = $12,
         builtin = CASE WHEN name = $1 THEN builtin END
       WHERE id = $10 AND ($11::bigint IS NULL OR group_id = $11) RETURNING ${COLUMNS}`,
      [...values(input), id, scope, at],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async delete(id: number, scope: number | null): Promise<boolean> {
    const r = await this.db.query(
      'DELETE FROM distribution_lists WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)',
      [id, scope],
    );
    return r.rowCount > 0;
  }

  /** Which of `ids` are live locations of the group. */
  async locationsOfGroup(groupId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const r = await this.db.query<{ id: number }>(
      `SELECT id FROM locations WHERE group_id = $1 AND deleted_at IS NULL AND id = ANY($2::bigint[])`,
      [groupId, `{${ids.join(',')}}`],
    );
    return new Set(r.rows.map((x) => Number(x.id)));
  }

  /** The names of users (their user name when they have none), by id. */
  async userNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const r = await this.db.query<{ id: number; name: string }>(
      `SELECT id, COALESCE(NULLIF(name, ''), username) AS name FROM users WHERE id = ANY($1::bigint[])`,
      [`{${ids.join(',')}}`],
    );
    return new Map(r.rows.map((x) => [Number(x.id), x.name]));
  }

  /**
   * Which of `ids` may be a list's user recipients: users of the group, and administrators (who see every
   * group, and may be on any group's duty list).
   */
  async eligibleUsers(groupId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const r = await this.db.query<{ id: number }>(
      "SELECT id FROM users WHERE (group_id = $1 OR role = 'admin') AND id = ANY($2::bigint[])",
      [groupId, `{${ids.join(',')}}`],
    );
    return new Set(r.rows.map((x) => Number(x.id)));
  }
}
