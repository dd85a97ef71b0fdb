import type { AccessLogEntry } from '@thunderwatch/shared/schemas/admin';
import type { Queryable } from '../../../db/database.js';

export type NewAccessRecord = Omit<AccessLogEntry, 'id' | 'at'> & { at: Date };

export interface AccessLogFilter {
  groupId: number | null;
  username?: string;
  path?: string;
  method?: string;
  status?: number;
  from?: Date;
  to?: Date;
}

const COLUMNS = [
  'at',
  'user_id',
  'username',
  'group_id',
  'method',
  'path',
  'status',
  'ip',
  'user_agent',
  'duration_ms',
] as const;

function like(value: string | undefined): string | null {
  return value ? `%${value.replace(/[\\%_]/g, '\\$&')}%` : null;
}

export class AccessLogRepo {
  constructor(private readonly db: Queryable) {}

  /** One multi-row INSERT for a batch of records. */
  async insertMany(records: readonly NewAccessRecord[]): Promise<void> {
    if (records.length === 0) return;
    const values: unknown[] = [];
    const rows = records.map((r, i) => {
      for (const c of COLUMNS) values.push(r[c]);
      return `(${COLUMNS.map((_, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`;
    });
    await this.db.query(`INSERT INTO access_log (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`, values);
  }

  async list(
    f: AccessLogFilter,
    limit: number,
    offset: number,
  ): Promise<{ items: AccessLogEntry[]; total: number }> {
    const where = `WHERE ($1::bigint IS NULL OR group_id = $1)
      AND ($2::text IS NULL OR username ILIKE $2) AND ($3::text IS NULL OR path ILIKE $3)
      AND ($4::text IS NULL OR method = $4) AND ($5::int IS NULL OR status = $5)
      AND ($6::timestamptz IS NULL OR at >= $6) AND ($7::timestamptz IS NULL OR at < $7)`;
    const params = [
      f.groupId,
      like(f.username),
      like(f.path),
      f.method ?? null,
      f.status ?? null,
      f.from ?? null,
      f.to ?? null,
    ];
    const [items, total] = await Promise.all([
      this.db.query<Omit<AccessLogEntry, 'at'> & { at: Date }>(
        `SELECT id, ${COLUMNS.join(', ')} FROM access_log ${where} ORDER BY at DESC, id DESC LIMIT $8 OFFSET $9`,
        [...params, limit, offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM access_log ${where}`, params),
    ]);
    return { items: items.rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: total.rows[0]?.n ?? 0 };
  }

  async purgeBefore(before: Date): Promise<number> {
    return (await this.db.query('DELETE FROM access_log WHERE at < $1', [before])).rowCount;
  }
}
