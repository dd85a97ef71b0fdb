import {
  ADMIN_DB_PREVIEW_CHARS,
  type AdminDbAuditEntry,
  type AdminDbColumnType,
  type AdminDbRow,
} from '@thunderwatch/shared/schemas/admin-db';
import type { Database, Queryable } from '../../../db/database.js';
import type { ColumnDef, TableDef } from './admin-db-columns.js';

/**
 * The only SQL of the database view. Table and column names come from the allow-list (admin-db-tables.ts)
 * and are quoted; every value is a parameter cast to the column's type.
 */

const CAST: Record<AdminDbColumnType, string> = {
  integer: 'bigint',
  number: 'double precision',
  text: 'text',
  boolean: 'boolean',
  timestamp: 'timestamptz',
  uuid: 'uuid',
  json: 'text',
  array: 'text',
  date: 'date',
  large: 'text',
  bytes: 'bytea',
};

/** Rows an unanalysed big table is counted up to. */
export const COUNT_CAP = 100_000;

export type RowFilter =
  | { column: ColumnDef; op: 'eq'; value: unknown }
  | { column: ColumnDef; op: 'contains'; value: string }
  | { column: ColumnDef; op: 'range'; from: unknown; to: unknown };

export interface PageQuery {
  filter: RowFilter | null;
  sort: ColumnDef;
  descending: boolean;
  limit: number;
  offset: number;
}

const q = (name: string) => `"${name}"`;

/**
 * What a visible column is selected as: a page takes a large value's first characters only (one more, to
 * tell that it was cut), an item the whole; binary is only ever its size, a day its `YYYY-MM-DD`.
 */
function selectColumn(c: ColumnDef, whole: boolean): string {
  const name = q(c.name);
  if (c.type === 'bytes') return `octet_length(${name}) AS ${name}`;
  if (c.type === 'date') return `${name}::text AS ${name}`;
  if (c.type === 'large' && !whole) return `left(${name}::text, ${ADMIN_DB_PREVIEW_CHARS + 1}) AS ${name}`;
  return name;
}
const selectList = (t: TableDef, whole = true) =>
  t.columns
    .filter((c) => !c.masked)
    .map((c) => selectColumn(c, whole))
    .join(', ');
const keyColumn = (t: TableDef) => t.columns.find((c) => c.name === t.key) as ColumnDef;

function plain(row: Record<string, unknown>): AdminDbRow {
  const out: AdminDbRow = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/** A page's row: large values cut to ADMIN_DB_PREVIEW_CHARS, ending in `…` when there was more. */
function previewed(t: TableDef, row: Record<string, unknown>): AdminDbRow {
  const out = plain(row);
  for (const c of t.columns) {
    const v = out[c.name];
    if (c.type === 'large' && typeof v === 'string' && v.length > ADMIN_DB_PREVIEW_CHARS)
      out[c.name] = `${v.slice(0, ADMIN_DB_PREVIEW_CHARS)}…`;
  }
  return out;
}

function where(f: RowFilter | null): { sql: string; params: unknown[] } {
  if (!f) return { sql: '', params: [] };
  const col = q(f.column.name);
  const cast = CAST[f.column.type];
  if (f.op === 'contains') {
    const like = `%${f.value.replace(/[\\%_]/g, '\\$&')}%`;
    return { sql: `WHERE ${col}::text ILIKE $1`, params: [like] };
  }
  if (f.op === 'eq') {
    if (f.value === null) return { sql: `WHERE ${col} IS NULL`, params: [] };
    return { sql: `WHERE ${col} = $1::${cast}`, params: [f.value] };
  }
  return {
    sql: `WHERE ($1::${cast} IS NULL OR ${col} >= $1::${cast}) AND ($2::${cast} IS NULL OR ${col} < $2::${cast})`,
    params: [f.from, f.to],
  };
}

export class AdminDbRepo {
  constructor(private readonly db: Database) {}

  /** Exact for small tables; the planner's estimate for big ones, or a count capped at COUNT_CAP. */
  async count(t: TableDef): Promise<{ rows: number; estimated: boolean }> {
    if (!t.big) {
      const r = await this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${q(t.name)}`);
      return { rows: r.rows[0]?.n ?? 0, estimated: false };
    }
    const est = await this.db.query<{ n: number | null }>(
      `SELECT round(sum(c.reltuples) FILTER (WHERE c.reltuples >= 0))::bigint AS n FROM pg_class c
       WHERE c.relkind = 'r' AND (c.oid = to_regclass($1::text)
         OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = to_regclass($1::text)))`,
      [t.name],
    );
    const n = est.rows[0]?.n;
    if (n !== null && n !== undefined && n >= COUNT_CAP) return { rows: n, estimated: true };
    const capped = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${q(t.name)} LIMIT ${COUNT_CAP}) s`,
    );
    const rows = capped.rows[0]?.n ?? 0;
    return { rows, estimated: rows >= COUNT_CAP };
  }

  /** One page (plus one row to tell whether there is more) and, for small tables, the matching total. */
  async page(
    t: TableDef,
    p: PageQuery,
  ): Promise<{ items: AdminDbRow[]; total: number | null; hasMore: boolean }> {
    const w = where(p.filter);
    const dir = p.descending ? 'DESC' : 'ASC';
    const tie = t.key && t.key !== p.sort.name ? `, ${q(t.key)} ${dir}` : '';
    const n = w.params.length;
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(t, false)} FROM ${q(t.name)} ${w.sql}
       ORDER BY ${q(p.sort.name)} ${dir} NULLS LAST${tie} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, p.limit + 1, p.offset],
    );
    let total: number | null = null;
    if (!t.big) {
      const c = await this.db.query<{ n: number }>(
        `SELECT count(*)::bigint AS n FROM ${q(t.name)} ${w.sql}`,
        w.params,
      );
      total = c.rows[0]?.n ?? 0;
    }
    return {
      items: rows.rows.slice(0, p.limit).map((row) => previewed(t, row)),
      total,
      hasMore: rows.rows.length > p.limit,
    };
  }

  async item(t: TableDef, key: unknown): Promise<AdminDbRow | null> {
    const k = keyColumn(t);
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(t)} FROM ${q(t.name)} WHERE ${q(k.name)} = $1::${CAST[k.type]}`,
      [key],
    );
    return r.rows[0] ? plain(r.rows[0]) : null;
  }

  /**
   * Sets `values` on the row and writes the audit record, in one transaction. Returns the row as it is
   * after the edit, or null when there is no such row.
   */
  async edit(
    t: TableDef,
    key: unknown,
    rowKey: string,
    values: { column: ColumnDef; value: unknown }[],
    who: { id: number; username: string },
  ): Promise<AdminDbRow | null> {
    const k = keyColumn(t);
    const byKey = `${q(k.name)} = $1::${CAST[k.type]}`;
    return this.db.transaction(async (tx: Queryable) => {
      const before = await tx.query<Record<string, unknown>>(
        `SELECT ${selectList(t)} FROM ${q(t.name)} WHERE ${byKey} FOR UPDATE`,
        [key],
      );
      const old = before.rows[0];
      if (!old) return null;
      const sets = values.map((v, i) => `${q(v.column.name)} = $${i + 2}::${CAST[v.column.type]}`).join(', ');
      const after = await tx.query<Record<string, unknown>>(
        `UPDATE ${q(t.name)} SET ${sets} WHERE ${byKey} RETURNING ${selectList(t)}`,
        [key, ...values.map((v) => v.value)],
      );
      const now = after.rows[0] as Record<string, unknown>;
      const pick = (row: Record<string, unknown>) =>
        Object.fromEntries(values.map((v) => [v.column.name, plain(row)[v.column.name] ?? null]));
      await tx.query(
        `INSERT INTO admin_db_audit (user_id, username, table_name, row_key, before, after)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
        [who.id, who.username, t.name, rowKey, JSON.stringify(pick(old)), JSON.stringify(pick(now))],
      );
      return plain(now);
    });
  }

  async audit(
    table: string | null,
    limit: number,
    offset: number,
  ): Promise<{ items: AdminDbAuditEntry[]; total: number }> {
    const w = '($1::text IS NULL OR table_name = $1)';
    const [items, total] = await Promise.all([
      this.db.query<Omit<AdminDbAuditEntry, 'at'> & { at: Date }>(
        `SELECT id, at, user_id, username, table_name, row_key, before, after FROM admin_db_audit
         WHERE ${w} ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [table, limit, offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM admin_db_audit WHERE ${w}`, [table]),
    ]);
    return { items: items.rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: total.rows[0]?.n ?? 0 };
  }
}
