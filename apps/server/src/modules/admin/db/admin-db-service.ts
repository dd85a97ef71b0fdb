import type {
  AdminDbAuditPage,
  AdminDbItem,
  AdminDbItemEdit,
  AdminDbTableInfo,
  AdminDbTableList,
  AdminDbTablePage,
  AdminDbTableQuery,
} from '@thunderwatch/shared/schemas/admin-db';
import { type DbError, isUniqueViolation } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { AdminDbRepo, RowFilter } from './admin-db-repo.js';
import { ADMIN_TABLES, type ColumnDef, MASK, queryable, type TableDef, tableDef } from './admin-db-tables.js';
import { parseEdit, parseText } from './admin-db-values.js';

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/** The administrator's database view: allow-listed tables only, secrets masked, edits audited. */
export class AdminDbService {
  constructor(
    private readonly repo: AdminDbRepo,
    private readonly writeEnabled: boolean,
  ) {}

  async tables(user: AuthUser): Promise<AdminDbTableList> {
    requirePermission(user, 'admin.db');
    const tables: AdminDbTableInfo[] = [];
    for (const t of ADMIN_TABLES) tables.push(this.info(t, await this.repo.count(t)));
    return { tables, write_enabled: this.writeEnabled };
  }

  async page(user: AuthUser, q: AdminDbTableQuery & { table: string }): Promise<AdminDbTablePage> {
    requirePermission(user, 'admin.db');
    const t = this.table(q.table, 'table');
    const sort = q.sort === undefined ? this.column(t, t.order, 'sort') : this.column(t, q.sort, 'sort');
    const filter = this.filter(t, q);
    const page = await this.repo.page(t, {
      filter,
      sort,
      descending: (q.order ?? (q.sort === undefined ? 'desc' : 'asc')) === 'desc',
      limit: q.limit,
      offset: q.offset,
    });
    return {
      table: this.info(t, null),
      items: page.items.map((row) => this.masked(t, row)),
      total: page.total,
      has_more: page.hasMore,
    };
  }

  async item(user: AuthUser, table: string, key: string): Promise<AdminDbItem> {
    requirePermission(user, 'admin.db');
    const t = this.table(table, 'table');
    const k = this.key(t, key);
    const row = await this.repo.item(t, k);
    if (!row) throw new AppError('admin_db.row_not_found', 404, `No ${t.name} row ${key}`);
    return { table: this.info(t, null), key, item: this.masked(t, row), write_enabled: this.writeEnabled };
  }

  async edit(user: AuthUser, body: AdminDbItemEdit): Promise<AdminDbItem> {
    requirePermission(user, 'admin.db');
    if (!this.writeEnabled) {
      throw new AppError(
        'admin_db.read_only',
        403,
        'Editing is off: the server runs without ADMIN_DB_WRITE=true',
      );
    }
    const t = this.table(body.table, 'table');
    const k = this.key(t, body.key);
    const values: { column: ColumnDef; value: unknown }[] = [];
    for (const [name, raw] of Object.entries(body.values)) {
      const field = `values/${name}`;
      const c = t.columns.find((x) => x.name === name);
      if (!c) throw invalid(field, `is not a column of ${t.name}`);
      if (!c.edit) throw invalid(field, 'is not editable');
      const parsed = parseEdit(c.edit, raw);
      if (!parsed.ok) throw invalid(field, parsed.problem);
      values.push({ column: c, value: parsed.value });
    }
    const row = await this.repo.edit(t, k, body.key, values, user).catch((e: unknown) => {
      // The table's own rules (a unique name, a CHECK) have the last word; the edit and its audit roll back.
      if (isUniqueViolation(e))
        throw invalid('values', `would duplicate a unique value (${(e as DbError).constraint})`);
      if ((e as DbError)?.code === '23514')
        throw invalid('values', `would break a rule of ${t.name} (${(e as DbError).constraint})`);
      throw e;
    });
    if (!row) throw new AppError('admin_db.row_not_found', 404, `No ${t.name} row ${body.key}`);
    return { table: this.info(t, null), key: body.key, item: this.masked(t, row), write_enabled: true };
  }

  async audit(
    user: AuthUser,
    table: string | undefined,
    limit: number,
    offset: number,
  ): Promise<AdminDbAuditPage> {
    requirePermission(user, 'admin.db');
    if (table !== undefined) this.table(table, 'table');
    return this.repo.audit(table ?? null, limit, offset);
  }

  private table(name: string, field: string): TableDef {
    const t = tableDef(name);
    if (!t) throw invalid(field, 'is not a table of the database view');
    return t;
  }

  private column(t: TableDef, name: string, field: string): ColumnDef {
    const c = queryable(t, name);
    if (!c) throw invalid(field, `is not a column ${t.name} can be sorted or filtered by`);
    return c;
  }

  private key(t: TableDef, raw: string): unknown {
    if (!t.key) throw invalid('table', 'has no single-column key: its rows cannot be opened one by one');
    const c = t.columns.find((x) => x.name === t.key) as ColumnDef;
    const parsed = parseText(c.type, raw);
    if (!parsed.ok) throw invalid('key', parsed.problem);
    return parsed.value;
  }

  private filter(t: TableDef, q: AdminDbTableQuery): RowFilter | null {
    if (q.column === undefined) {
      for (const f of ['op', 'value', 'from', 'to'] as const) {
        if (q[f] !== undefined) throw invalid(f, 'needs column');
      }
      return null;
    }
    const column = this.column(t, q.column, 'column');
    const op = q.op ?? 'eq';
    if (op === 'range') {
      if (!['integer', 'number', 'timestamp', 'date'].includes(column.type))
        throw invalid('op', 'range needs a number, time or day column');
      if (q.from === undefined && q.to === undefined) throw invalid('from', 'range needs from or to');
      const bound = (f: 'from' | 'to') => {
        const raw = q[f];
        if (raw === undefined) return null;
        const p = parseText(column.type, raw);
        if (!p.ok) throw invalid(f, p.problem);
        return p.value;
      };
      return { column, op, from: bound('from'), to: bound('to') };
    }
    if (q.value === undefined) throw invalid('value', `${op} needs value`);
    if (op === 'contains') {
      if (!['text', 'json', 'array'].includes(column.type))
        throw invalid('op', 'contains needs a text column');
      return { column, op, value: q.value };
    }
    const p = parseText(column.type, q.value);
    if (!p.ok) throw invalid('value', p.problem);
    return { column, op, value: p.value };
  }

  private info(t: TableDef, count: { rows: number; estimated: boolean } | null): AdminDbTableInfo {
    return {
      name: t.name,
      rows: count ? count.rows : null,
      rows_estimated: count ? count.estimated : Boolean(t.big),
      key: t.key,
      columns: t.columns.map((c) => ({
        name: c.name,
        type: c.type,
        masked: Boolean(c.masked),
        queryable: queryable(t, c.name) !== undefined,
        editable: Boolean(c.edit),
      })),
    };
  }

  /** The row in allow-list order, secrets as MASK (they were never selected). */
  private masked(t: TableDef, row: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(t.columns.map((c) => [c.name, c.masked ? MASK : (row[c.name] ?? null)]));
  }
}
