import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import type { Queryable } from '../../../db/database.js';

type GroupRow = Omit<GroupDto, 'created_at'> & { created_at: Date };

const SELECT_GROUP = `SELECT g.id, g.slug, g.name, g.name_en, g.contact_name, g.contact_phone, g.contact_email, g.address,
  g.created_at, (SELECT count(*) FROM users u WHERE u.group_id = g.id) AS user_count FROM groups g`;

const toDto = (r: GroupRow): GroupDto => ({ ...r, created_at: r.created_at.toISOString() });

export type GroupChanges = Partial<
  Pick<GroupDto, 'name' | 'name_en' | 'contact_name' | 'contact_phone' | 'contact_email' | 'address'>
>;

export class GroupsRepo {
  constructor(private readonly db: Queryable) {}

  async get(id: number, scope: number | null): Promise<GroupDto | null> {
    const r = await this.db.query<GroupRow>(
      `${SELECT_GROUP} WHERE g.id = $1 AND ($2::bigint IS NULL OR g.id = $2)`,
      [id, scope],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async list(
    scope: number | null,
    limit: number,
    offset: number,
  ): Promise<{ items: GroupDto[]; total: number }> {
    const [items, total] = await Promise.all([
      this.db.query<GroupRow>(
        `${SELECT_GROUP} WHERE ($1::bigint IS NULL OR g.id = $1) ORDER BY g.id LIMIT $2 OFFSET $3`,
        [scope, limit, offset],
      ),
      this.db.query<{ n: number }>('SELECT count(*) AS n FROM groups WHERE ($1::bigint IS NULL OR id = $1)', [
        scope,
      ]),
    ]);
    return { items: items.rows.map(toDto), total: total.rows[0]?.n ?? 0 };
  }

  async create(
    g: { slug: string; name: string; name_en: string | null },
    db: Queryable = this.db,
  ): Promise<number> {
    const r = await db.query<{ id: number }>(
      'INSERT INTO groups (slug, name, name_en) VALUES ($1, $2, $3) RETURNING id',
      [g.slug, g.name, g.name_en],
    );
    return (r.rows[0] as { id: number }).id;
  }

  async idBySlug(slug: string, db: Queryable = this.db): Promise<number | null> {
    const r = await db.query<{ id: number }>('SELECT id FROM groups WHERE slug = $1', [slug]);
    return r.rows[0]?.id ?? null;
  }

  async update(id: number, changes: GroupChanges): Promise<void> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    // Column names come from the GroupChanges keys, never from input.
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`);
    await this.db.query(`UPDATE groups SET ${sets.join(', ')} WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }
}
