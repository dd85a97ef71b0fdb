import type { Language } from '@thunderwatch/shared/languages';
import type { Role } from '@thunderwatch/shared/permissions';
import type { NotificationPrefs, UserDto } from '@thunderwatch/shared/schemas/kit';
import type { Queryable } from '../../../db/database.js';

interface UserRow {
  id: number;
  username: string;
  name: string;
  phone: string | null;
  email: string | null;
  role: Role;
  language: Language;
  time_zone: string;
  notification_prefs: NotificationPrefs;
  disabled: boolean;
  created_at: Date;
  group_id: number;
  group_name: string;
  group_name_en: string | null;
}

export interface Credentials {
  id: number;
  passwordHash: string;
  disabled: boolean;
}

const SELECT_USER = `SELECT u.id, u.username, u.name, u.phone, u.email, u.role, u.language, u.time_zone,
  u.notification_prefs, u.disabled, u.created_at, g.id AS group_id, g.name AS group_name, g.name_en AS group_name_en
  FROM users u JOIN groups g ON g.id = u.group_id`;

function toDto(r: UserRow): UserDto {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    phone: r.phone,
    email: r.email,
    role: r.role,
    group: { id: r.group_id, name: r.group_name, name_en: r.group_name_en },
    language: r.language,
    time_zone: r.time_zone,
    notification_prefs: r.notification_prefs,
    disabled: r.disabled,
    created_at: r.created_at.toISOString(),
  };
}

export interface NewUser {
  groupId: number;
  username: string;
  passwordHash: string;
  role: Role;
  name: string;
  phone: string | null;
  email: string | null;
}

export type UserChanges = Partial<{
  name: string;
  phone: string | null;
  email: string | null;
  language: Language;
  time_zone: string;
  notification_prefs: NotificationPrefs;
  disabled: boolean;
  role: Role;
  password_hash: string;
}>;

export interface UserListQuery {
  groupId: number | null;
  /** Administrators of any group too (the recipients a group's lists may name). */
  withAdmins?: boolean;
  /** Match `q` against phone numbers only of users of this group (null: every user's). */
  phoneScope?: number | null;
  q?: string;
  limit: number;
  offset: number;
}

export class UsersRepo {
  constructor(private readonly db: Queryable) {}

  /** `groupId` null reads any group (admins); otherwise a user of another group is absent. */
  async get(id: number, groupId: number | null, db: Queryable = this.db): Promise<UserDto | null> {
    const r = await db.query<UserRow>(
      `${SELECT_USER} WHERE u.id = $1 AND ($2::bigint IS NULL OR u.group_id = $2)`,
      [id, groupId],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async list(query: UserListQuery): Promise<{ items: UserDto[]; total: number }> {
    const where = `WHERE ($1::bigint IS NULL OR u.group_id = $1 OR ($3 AND u.role = 'admin'))
      AND ($2::text IS NULL OR u.username ILIKE $2 OR u.name ILIKE $2
        OR (u.phone ILIKE $2 AND ($4::bigint IS NULL OR u.group_id = $4)))`;
    const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
    const filters = [query.groupId, pattern, query.withAdmins ?? false, query.phoneScope ?? null];
    const [items, total] = await Promise.all([
      this.db.query<UserRow>(`${SELECT_USER} ${where} ORDER BY u.id LIMIT $5 OFFSET $6`, [
        ...filters,
        query.limit,
        query.offset,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM users u ${where}`, filters),
    ]);
    return { items: items.rows.map(toDto), total: total.rows[0]?.n ?? 0 };
  }

  /** Login by username (case-insensitive) or phone. */
  async credentialsByLogin(login: string): Promise<Credentials | null> {
    const r = await this.db.query<{ id: number; password_hash: string; disabled: boolean }>(
      'SELECT id, password_hash, disabled FROM users WHERE username = lower($1) OR phone = $1 LIMIT 1',
      [login],
    );
    const row = r.rows[0];
    return row ? { id: row.id, passwordHash: row.password_hash, disabled: row.disabled } : null;
  }

  async credentialsById(id: number): Promise<Credentials | null> {
    const r = await this.db.query<{ id: number; password_hash: string; disabled: boolean }>(
      'SELECT id, password_hash, disabled FROM users WHERE id = $1',
      [id],
    );
    const row = r.rows[0];
    return row ? { id: row.id, passwordHash: row.password_hash, disabled: row.disabled } : null;
  }

  async idByPhone(phone: string): Promise<{ id: number; disabled: boolean; language: Language } | null> {
    const r = await this.db.query<{ id: number; disabled: boolean; language: Language }>(
      'SELECT id, disabled, language FROM users WHERE phone = $1',
      [phone],
    );
    return r.rows[0] ?? null;
  }

  async create(user: NewUser, db: Queryable = this.db): Promise<number> {
    const r = await db.query<{ id: number }>(
      `INSERT INTO users (group_id, username, password_hash, role, name, phone, email)
       VALUES ($1, lower($2), $3, $4, $5, $6, $7) RETURNING id`,
      [user.groupId, user.username, user.passwordHash, user.role, user.name, user.phone, user.email],
    );
    return (r.rows[0] as { id: number }).id;
  }

  async update(id: number, changes: UserChanges, db: Queryable = this.db): Promise<void> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    // Column names come from the UserChanges keys above, never from input.
    const sets = entries.map(([k], i) => `${k} = $${i + 2}${k === 'notification_prefs' ? '::jsonb' : ''}`);
    const values = entries.map(([k, v]) => (k === 'notification_prefs' ? JSON.stringify(v) : v));
    await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, [id, ...values]);
  }

  /** The map view the user saved (`/api/user_map_data`), or null if they never moved the map. */
  async mapView<T>(id: number): Promise<T | null> {
    const r = await this.db.query<{ map_defaults: T | null }>(
      'SELECT map_defaults FROM users WHERE id = $1',
      [id],
    );
    return r.rows[0]?.map_defaults ?? null;
  }

  async saveMapView(id: number, view: unknown): Promise<void> {
    await this.db.query('UPDATE users SET map_defaults = $2::jsonb WHERE id = $1', [
      id,
      JSON.stringify(view),
    ]);
  }

  async count(): Promise<number> {
    const r = await this.db.query<{ n: number }>('SELECT count(*) AS n FROM users');
    return r.rows[0]?.n ?? 0;
  }
}
